import type { Project, ProjectIssue } from '@openlfg/contracts';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatRelativeTime } from '../../../lib/format';
import { useProjectIssues } from '../api/get-project-issues';
import { CheckboxToggle } from '../../../components/CheckboxToggle';
import { ResponsivenessLine } from '../../../issue-signals/components/ResponsivenessLine';
import { IssueItem } from './IssueItem';
import styles from './IssuesView.module.css';

export const NOT_IN_CATALOGUE_MESSAGE = 'This project is not in the catalogue.';

function issuesErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 404) return NOT_IN_CATALOGUE_MESSAGE;
  return errorMessage(error, 'Check your connection and try again.');
}

/** Taken as the finder says (claims and claim comments count too) where it knows the issue, else by GitHub's fields. */
function isTaken(issue: ProjectIssue): boolean {
  if (issue.taken) return issue.taken.state !== 'free';
  return issue.assignee !== null || issue.hasLinkedPullRequest;
}

export function IssuesView({ project }: { project: Project }) {
  const issues = useProjectIssues(project.repoExt);
  const [beginnerOnly, setBeginnerOnly] = useState(false);
  const [hideTaken, setHideTaken] = useState(false);

  if (issues.isPending) return <Spinner label="Loading issues" />;
  if (issues.isError) {
    const notFound = isApiError(issues.error) && issues.error.status === 404;
    return (
      <ErrorState
        title="The issues could not be loaded."
        message={issuesErrorMessage(issues.error)}
        onRetry={notFound ? undefined : () => void issues.refetch()}
        retrying={issues.isFetching}
      >
        <AllIssuesLink project={project} />
      </ErrorState>
    );
  }

  const all = issues.data.issues;
  const shown = all.filter(
    (issue: ProjectIssue) => (!beginnerOnly || issue.beginnerFriendly) && (!hideTaken || !isTaken(issue)),
  );
  const beginnerCount = all.filter((issue) => issue.beginnerFriendly).length;

  return (
    <div className={styles.view}>
      {issues.data.stale ? (
        <p className={styles.stale} role="note">
          GitHub could not be reached; showing issues as of {formatRelativeTime(issues.data.fetchedAt)}.
        </p>
      ) : null}
      {issues.data.responsiveness ? <ResponsivenessLine responsiveness={issues.data.responsiveness} /> : null}
      <div className={styles.toggles}>
        <CheckboxToggle checked={beginnerOnly} onChange={setBeginnerOnly}>
          Beginner-friendly only
        </CheckboxToggle>
        <CheckboxToggle checked={hideTaken} onChange={setHideTaken}>
          Hide taken issues
        </CheckboxToggle>
      </div>
      <p className={styles.summary} aria-live="polite">
        {all.length === 0
          ? 'No open issues right now.'
          : shown.length === 0
            ? 'No issues match these filters.'
            : `${shown.length === all.length ? '' : `${shown.length} of `}${all.length} open ${
                all.length === 1 ? 'issue' : 'issues'
              }, ${beginnerCount} beginner-friendly`}
      </p>
      {shown.length > 0 ? (
        <ul className={styles.list} aria-label="Open issues">
          {shown.map((issue) => (
            <IssueItem key={issue.number} issue={issue} />
          ))}
        </ul>
      ) : null}
      <AllIssuesLink project={project} />
    </div>
  );
}

/** The project's issues on GitHub itself: also the way on when they cannot be loaded here. */
function AllIssuesLink({ project }: { project: Project }) {
  return (
    <a className={styles.allIssues} href={`${project.projectUrl}/issues`} target="_blank" rel="noreferrer">
      All issues on GitHub<span aria-hidden="true"> ↗</span>
    </a>
  );
}
