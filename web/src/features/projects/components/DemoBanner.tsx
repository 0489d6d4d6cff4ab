import styles from './DemoBanner.module.css';

export const DEMO_BANNER_TEXT =
  'These figures are demo data until the catalogue is imported or synced with GitHub.';

/** Shown above a list holding demo projects, so nobody takes their counts for real ones. */
export function DemoBanner() {
  return (
    <p className={styles.banner} role="note">
      <span className={styles.tag}>Demo</span>
      {DEMO_BANNER_TEXT}
    </p>
  );
}
