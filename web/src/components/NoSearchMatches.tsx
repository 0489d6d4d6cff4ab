import styles from './ResultStates.module.css';

export interface NoSearchMatchesProps {
  /** What the list holds, plural: "projects", "groups". */
  what: string;
  q: string;
  filtered: boolean;
  onClearSearch: () => void;
}

/** A searched list's empty state. */
export function NoSearchMatches({ what, q, filtered, onClearSearch }: NoSearchMatchesProps) {
  return (
    <>
      <p className={styles.emptyTitle}>
        No {what} match “{q}”{filtered ? ' with these filters' : ''}.
      </p>
      <p className={styles.emptyText}>Check the spelling, try other words, or clear the search.</p>
      <button type="button" className={styles.emptyAction} onClick={onClearSearch}>
        Clear search
      </button>
    </>
  );
}
