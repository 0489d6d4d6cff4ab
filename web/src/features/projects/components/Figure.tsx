import { formatCount, formatExactCount } from '../../../lib/format';
import styles from './ProjectFigures.module.css';

export interface FigureProps {
  label: string;
  value: number | null;
  /** Says what the figure counts, on hover. */
  hint?: string;
}

export const UNKNOWN_FIGURE_TITLE = 'Not known yet';

/** One labelled count: short form (1.5k) with the exact number on hover; an em dash when not known. */
export function Figure({ label, value, hint }: FigureProps) {
  return (
    <div className={styles.figure} title={hint}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>
        {value === null ? (
          <span title={UNKNOWN_FIGURE_TITLE} aria-label={UNKNOWN_FIGURE_TITLE} role="img">
            —
          </span>
        ) : (
          <span title={value >= 1000 ? formatExactCount(value) : undefined}>{formatCount(value)}</span>
        )}
      </dd>
    </div>
  );
}
