import type { ProjectSortField } from '@openlfg/contracts';
import { Spinner } from '../../../components/Spinner';
import { formatExactCount } from '../../../lib/format';
import { sortFigureOf } from '../figure-sorts';
import styles from './ResultSummary.module.css';

export interface ResultSummaryProps {
  total: number;
  page: number;
  totalPages: number;
  /** The sort asked for, and how many of the `total` have each figure a sort can be by. */
  sortField: ProjectSortField;
  known: { contributors: number; usedBy: number };
  /** The sort's figure is known for none of them: the list is served with the most beginner issues first. */
  sortFallback: boolean;
  /** Another page or filter is on its way. */
  updating: boolean;
}

/**
 * "1,903 projects · Page 2 of 96", announced politely when it changes; under a sort by a figure some projects
 * lack, how many have it ("312 of 1,903 have a contributor count"), or what the list does when none has.
 */
export function ResultSummary({
  total,
  page,
  totalPages,
  sortField,
  known,
  sortFallback,
  updating,
}: ResultSummaryProps) {
  const figure = sortFigureOf(sortField);
  let coverage = null;
  if (figure && total > 0) {
    if (sortFallback) {
      coverage = `No project here has ${figure.noun} yet, so those with the most beginner issues come first.`;
    } else if (known[figure.key] < total) {
      coverage = `${formatExactCount(known[figure.key])} of ${formatExactCount(total)} have ${figure.noun}; the others come last.`;
    }
  }
  return (
    <div className={styles.summary}>
      <div aria-live="polite" className={styles.text}>
        <p className={styles.line}>
          <strong>
            {formatExactCount(total)} {total === 1 ? 'project' : 'projects'}
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
        {coverage ? <p className={styles.coverage}>{coverage}</p> : null}
      </div>
      {updating ? <Spinner size="small" label="Updating the list" /> : null}
    </div>
  );
}
