import styles from './Spinner.module.css';

export interface SpinnerProps {
  /** What is loading, read by screen readers. */
  label?: string;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/** Four coloured squares (purple, green, yellow, red) taking turns to pulse. */
export function Spinner({ label = 'Loading', size = 'medium', className }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={[styles.spinner, styles[size], className].filter(Boolean).join(' ')}
    >
      <span className={`${styles.square} ${styles.purple}`} aria-hidden="true" />
      <span className={`${styles.square} ${styles.green}`} aria-hidden="true" />
      <span className={`${styles.square} ${styles.yellow}`} aria-hidden="true" />
      <span className={`${styles.square} ${styles.red}`} aria-hidden="true" />
    </div>
  );
}
