import type { RequesterSummary } from '@openlfg/contracts';
import { formatCount } from './format';

export const SUMMARY_UNAVAILABLE = 'GitHub summary unavailable';

/** A person's public GitHub profile in brief: "GitHub: 12 public repositories · Go, Rust". */
export function githubSummaryText(summary: RequesterSummary): string {
  if (!summary.available) return SUMMARY_UNAVAILABLE;
  const { publicRepos, topLanguages } = summary;
  const repos = `${formatCount(publicRepos)} public ${publicRepos === 1 ? 'repository' : 'repositories'}`;
  const languages = topLanguages.map((entry) => entry.language).join(', ');
  return languages ? `GitHub: ${repos} · ${languages}` : `GitHub: ${repos}`;
}
