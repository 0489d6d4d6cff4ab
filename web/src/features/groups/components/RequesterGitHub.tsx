import { githubSummaryText, SUMMARY_UNAVAILABLE } from '../../../lib/github-summary';
import { useRequesterSummary } from '../api/get-requester-summary';
import styles from './GroupPage.module.css';

/**
 * A pending requester's public GitHub summary beside their request: public repositories and top languages.
 * Loaded per requester after the list shows, so a slow or absent GitHub never holds the list up.
 */
export function RequesterGitHub({
  groupProjectId,
  requestUsername,
}: {
  groupProjectId: number;
  requestUsername: string;
}) {
  const summary = useRequesterSummary(groupProjectId, requestUsername);
  let text: string;
  if (summary.isPending) text = 'Loading GitHub summary...';
  else if (summary.isError) text = SUMMARY_UNAVAILABLE;
  else text = githubSummaryText(summary.data);
  return <span className={styles.muted}>{text}</span>;
}
