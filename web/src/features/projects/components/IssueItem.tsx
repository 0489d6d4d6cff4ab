import type { ProjectIssue } from '@openlfg/contracts';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { labelColours } from '../../../issue-signals/label-colours';
import styles from './IssueItem.module.css';

/** "opened 3 days ago", or "opened on 11/21/2026" once formatRelativeTime gives a date. */
function openedAt(createdAt: string): string {
  const when = formatRelativeTime(createdAt);
  return when.endsWith('ago') ? `opened ${when}` : `opened on ${when}`;
}

export function IssueItem({ issue }: { issue: ProjectIssue }) {
  const taken = issue.assignee !== null;
  return (
    <li className={styles.issue}>
      <div className={styles.titleRow}>
        <a className={styles.title} href={issue.url} target="_blank" rel="noreferrer">
          {issue.title}
        </a>
        <span className={styles.number}>#{issue.number}</span>
      </div>
      <p className={styles.meta}>
        {openedAt(issue.createdAt)}
        {issue.author ? ` by ${issue.author}` : ''}
        <span aria-hidden="true"> · </span>
        <span className={styles.comments}>
          {formatCount(issue.comments)} {issue.comments === 1 ? 'comment' : 'comments'}
        </span>
      </p>
      {issue.beginnerFriendly || taken || issue.hasLinkedPullRequest || issue.labels.length > 0 ? (
        <ul className={styles.tags} aria-label="Labels and status">
          {issue.beginnerFriendly ? (
            <li className={`${styles.marker} ${styles.beginner}`}>Beginner friendly</li>
          ) : null}
          {taken ? (
            <li className={`${styles.marker} ${styles.taken}`} title={`Assigned to ${issue.assignee}`}>
              Assigned
            </li>
          ) : null}
          {issue.hasLinkedPullRequest ? (
            <li
              className={`${styles.marker} ${styles.pullRequest}`}
              title="A pull request already references it"
            >
              PR linked
            </li>
          ) : null}
          {issue.labels.map((label) => {
            const colours = labelColours(label.color);
            return (
              <li
                key={label.name}
                className={styles.label}
                style={colours ? { background: colours.background, color: colours.color } : undefined}
              >
                {label.name}
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}
