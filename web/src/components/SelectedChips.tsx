import styles from './SelectedChips.module.css';

export interface SelectedChipsProps {
  /** "topic": read in the remove buttons' names ("Remove topic react"). */
  noun: string;
  label: string;
  values: readonly string[];
  onRemove: (value: string) => void;
}

/** The picked values of a multi-select, each with a button that removes it. */
export function SelectedChips({ noun, label, values, onRemove }: SelectedChipsProps) {
  if (values.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={label}>
      {values.map((value) => (
        <li key={value} className={styles.chip}>
          <span className={styles.text}>{value}</span>
          <button
            type="button"
            className={styles.remove}
            aria-label={`Remove ${noun} ${value}`}
            onClick={() => onRemove(value)}
          >
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
