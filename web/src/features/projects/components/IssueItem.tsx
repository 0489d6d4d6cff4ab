import type { ProjectIssue } from '@openlfg/contracts';
import { formatCount } from '../../../lib/format';
import { ClaimControls } from '../../../issue-signals/components/ClaimControls';
import { IssueLabels, issueTagClassName } from '../../../issue-signals/components/IssueLabels';
import { IssueTitle } from '../../../issue-signals/components/IssueTitle';
import { TakenSignal } from '../../../issue-signals/components/TakenSignal';
import { openedAt } from '../../../issue-signals/issue-dates';
import styles from './IssueItem.module.css';

export interface IssueItemProps {
  issue: ProjectIssue;
}

/**
 * One open issue of a project. A beginner issue the finder knows carries its taken signal and the claim button,
 * as in the finder; any other issue says only whether it is assigned or has a pull request.
 */
export function IssueItem({ issue }: IssueItemProps) {
  const { taken } = issue;
  const assigned = !taken && issue.assignee !== null;
  const pullRequest = !taken && issue.hasLinkedPullRequest;
  return (
    <li className={styles.issue}>
      <IssueTitle issue={issue} />
      <p className={styles.meta}>
        {openedAt(issue.createdAt)}
        {issue.author ? ` by ${issue.author}` : ''}
        <span aria-hidden="true"> · </span>
        <span className={styles.comments}>
          {formatCount(issue.comments)} {issue.comments === 1 ? 'comment' : 'comments'}
        </span>
      </p>
      <IssueLabels
        labels={issue.labels}
        before={
          issue.beginnerFriendly || assigned || pullRequest ? (
            <>
              {issue.beginnerFriendly ? (
                <li className={`${issueTagClassName} ${styles.beginner}`}>Beginner friendly</li>
              ) : null}
              {assigned ? (
                <li
                  className={`${issueTagClassName} ${styles.taken}`}
                  title={`Assigned to ${issue.assignee}`}
                >
                  Assigned
                </li>
              ) : null}
              {pullRequest ? (
                <li
                  className={`${issueTagClassName} ${styles.pullRequest}`}
                  title="A pull request already references it"
                >
                  PR linked
                </li>
              ) : null}
            </>
          ) : null
        }
      />
      {taken ? <TakenSignal taken={taken} /> : null}
      {typeof issue.issueId === 'number' ? (
        <ClaimControls
          issue={{ issueId: issue.issueId, title: issue.title, url: issue.url, claim: issue.claim ?? null }}
        />
      ) : null}
    </li>
  );
}
