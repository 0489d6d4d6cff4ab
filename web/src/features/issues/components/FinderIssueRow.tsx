import type { FinderIssue } from '@openlfg/contracts';
import { memo } from 'react';
import { Link } from 'react-router';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatCount } from '../../../lib/format';
import { projectPageHref } from '../../../lib/project-links';
import { WithRenderClock } from '../../../lib/render-clock';
import { ClaimControls } from '../../../issue-signals/components/ClaimControls';
import { IssueLabels } from '../../../issue-signals/components/IssueLabels';
import { ResponsivenessLine } from '../../../issue-signals/components/ResponsivenessLine';
import { IssueTitle } from '../../../issue-signals/components/IssueTitle';
import { TakenSignal } from '../../../issue-signals/components/TakenSignal';
import { openedAt, updatedAt } from '../../../issue-signals/issue-dates';
import styles from './FinderIssueRow.module.css';

/** The id of a row's title link (the row's name, and where "Load more" puts focus). */
export function issueTitleId(issueId: number): string {
  return `issue-${issueId}-title`;
}

export interface FinderIssueRowProps {
  issue: FinderIssue;
  /** The finder's address narrowed to this issue's project; absent where no filter applies (My claims). */
  projectHref?: string;
}

/**
 * One issue of the finder: its project (a link to its page, and to the finder narrowed to it), title (to GitHub, in a new tab), labels, age and last activity, comments,
 * whether someone is on it and why, how fast its maintainers answer, why it suits the user (best for you), and
 * the claim button. Memoised: a list's rows stay as they are when the list around them renders again with the same
 * issues: a refetch that brings no change (the live signals ask for one when they start following), or a busy flag.
 */
export const FinderIssueRow = memo(function FinderIssueRow({ issue, projectHref }: FinderIssueRowProps) {
  const titleId = issueTitleId(issue.issueId);
  return (
    <li className={styles.row}>
      <article className={styles.issue} aria-labelledby={titleId}>
        <p className={styles.project}>
          <Link to={projectPageHref(issue.project.repoExt)} className={styles.projectLink}>
            {issue.project.repoExt}
            <VisuallyHidden>: its page</VisuallyHidden>
          </Link>
          {projectHref ? (
            <Link
              to={projectHref}
              className={styles.filterLink}
              aria-label={`${issue.project.repoExt}: show only its issues`}
            >
              Only its issues
            </Link>
          ) : null}
          {issue.project.language ? <span className={styles.language}>{issue.project.language}</span> : null}
          {issue.isDemo ? <span className={styles.demo}>demo</span> : null}
        </p>
        <IssueTitle issue={issue} id={titleId} heading />
        {issue.why ? <p className={styles.why}>Why: {issue.why}</p> : null}
        <IssueLabels labels={issue.labels} />
        <p className={styles.meta}>
          <WithRenderClock>
            {(clock) => (
              <>
                {openedAt(issue.createdAt, clock)}
                <span aria-hidden="true"> · </span>
                {updatedAt(issue.updatedAt, clock)}
              </>
            )}
          </WithRenderClock>
          <span aria-hidden="true"> · </span>
          <span className={styles.nowrap}>
            {formatCount(issue.comments)} {issue.comments === 1 ? 'comment' : 'comments'}
          </span>
        </p>
        <TakenSignal taken={issue.taken} />
        <ResponsivenessLine responsiveness={issue.responsiveness} />
        <ClaimControls issue={issue} />
      </article>
    </li>
  );
});
