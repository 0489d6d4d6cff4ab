import { Spinner } from '../../../components/Spinner';
import { formatCount } from '../../../lib/format';
import styles from './ResultSummary.module.css';

export interface ResultSummaryProps {
  total: number;
  page: number;
  totalPages: number;
  /** Another page or filter is on its way. */
  updating: boolean;
}

/** "1.2k projects · Page 2 of 61", announced politely when it changes. */
export function ResultSummary({ total, page, totalPages, updating }: ResultSummaryProps) {
  return (
    <div className={styles.summary}>
      <p aria-live="polite" className={styles.text}>
        <strong title={total >= 1000 ? total.toLocaleString('en-US') : undefined}>
          {formatCount(total)} {total === 1 ? 'project' : 'projects'}
        </strong>
        {total > 0 ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className={styles.page}>
              Page {page} of {totalPages}
            </span>
          </>
        ) : null}
      </p>
      {updating ? <Spinner size="small" label="Updating the list" /> : null}
    </div>
  );
}
