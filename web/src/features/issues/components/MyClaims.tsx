import { CLAIM_DAYS } from '@openlfg/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useMyClaims } from '../../../issue-signals/api/get-my-claims';
import { FinderIssueRow } from './FinderIssueRow';
import states from '../../../components/ResultStates.module.css';
import styles from './FinderResults.module.css';

/** The signed-in user's active claims, oldest claim first (renewing keeps a claim's place), each with Release. */
export function MyClaims() {
  const claims = useMyClaims();
  const count = claims.data?.data.length;
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const shownCount = useRef(count);
  // A released claim's row leaves the list with the button that was used: its focus goes to what the list
  // now says (how many claims are left, or that there are none), not to the page's body.
  useEffect(() => {
    const before = shownCount.current;
    shownCount.current = count;
    if (before === undefined || count === undefined || count >= before) return;
    const active = document.activeElement;
    if (active === null || active === document.body) summaryRef.current?.focus();
  }, [count]);
  if (claims.isPending) {
    return (
      <div className={states.loading}>
        <Spinner size="large" label="Loading your claims" />
      </div>
    );
  }
  if (claims.isError) {
    return (
      <ErrorState
        title="Your claims could not be loaded."
        message={errorMessage(claims.error, 'Check your connection and try again.')}
        onRetry={() => void claims.refetch()}
        retrying={claims.isFetching}
      />
    );
  }
  const { data, limit } = claims.data;
  if (data.length === 0) {
    return (
      <div className={states.empty}>
        <p ref={summaryRef} tabIndex={-1} className={states.emptyTitle}>
          You are not working on any issue yet.
        </p>
        <p className={states.emptyText}>
          Pick one in <Link to="/issues">All issues</Link> and press “I’m working on this”: others see it for{' '}
          {CLAIM_DAYS} days.
        </p>
      </div>
    );
  }
  return (
    <>
      <p ref={summaryRef} tabIndex={-1} className={styles.count}>
        You are working on {data.length} of at most {limit} issues. A claim lasts {CLAIM_DAYS} days.
      </p>
      <ul className={styles.list} aria-label="My claims">
        {data.map((issue) => (
          <FinderIssueRow key={issue.issueId} issue={issue} />
        ))}
      </ul>
    </>
  );
}
