import styles from '../../../components/LandingHeader.module.css';

export interface LandingHeaderProps {
  /** Later visits in the same session skip the Browse button. */
  compact: boolean;
  onBrowse: () => void;
}

export function LandingHeader({ compact, onBrowse }: LandingHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.text}>
        <h1 className={styles.title}>Open source projects</h1>
        <p className={styles.intro}>
          Find an open source project to contribute to. Filter by topic and language, open a project&apos;s
          issues to find something to work on (beginner-friendly ones are marked), and save the projects you
          want to come back to.
        </p>
      </div>
      {compact ? null : (
        <button type="button" className={styles.browse} onClick={onBrowse}>
          Browse projects
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </button>
      )}
    </div>
  );
}
