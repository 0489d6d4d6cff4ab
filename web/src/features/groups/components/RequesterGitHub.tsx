import { formatCount } from '../../../lib/format';
import { useRequesterSummary } from '../api/get-requester-summary';
import styles from './GroupPage.module.css';

export const SUMMARY_UNAVAILABLE = 'GitHub summary unavailable';

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
  else if (summary.isError || !summary.data.available) text = SUMMARY_UNAVAILABLE;
  else {
    const { publicRepos, topLanguages } = summary.data;
    const repos = `${formatCount(publicRepos)} public ${publicRepos === 1 ? 'repository' : 'repositories'}`;
    const languages = topLanguages.map((entry) => entry.language).join(', ');
    text = languages ? `GitHub: ${repos} · ${languages}` : `GitHub: ${repos}`;
  }
  return <span className={styles.muted}>{text}</span>;
}
