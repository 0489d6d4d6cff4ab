import { formatRelativeTime } from '../../../lib/format';
import styles from './Moderation.module.css';

/** One report as a moderator reads it: who, when, why. */
export interface OpenReport {
  reporter: string;
  at: string;
  reason: string;
}

/** The open reports on a group or a person: how many, then each one's reporter, age and reason. */
export function OpenReports({ reports, subject }: { reports: readonly OpenReport[]; subject: string }) {
  return (
    <>
      <p className={styles.muted}>
        {reports.length === 1 ? '1 open report' : `${reports.length} open reports`}
      </p>
      <ul className={styles.reports} aria-label={`Reports on ${subject}`}>
        {reports.map((report) => (
          <li key={`${report.reporter}-${report.at}`} className={styles.report}>
            <p className={styles.muted}>
              <strong>{report.reporter}</strong>,{' '}
              <time dateTime={report.at}>{formatRelativeTime(report.at)}</time>
            </p>
            <p className={styles.reason}>{report.reason}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
