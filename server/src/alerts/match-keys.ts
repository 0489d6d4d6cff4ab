/**
 * Match keys: how a new issue finds its candidate alerts by index rather than by reading every alert. An alert
 * narrowed to a project has one key, the project's. Any other alert has one key per language it accepts (or one
 * for "any language"), each naming the language, its label (or none) and the first of its topics (or none). An
 * issue has the keys of every alert that could match it: its project's, and each combination of its language or
 * none, each of its labels or none, each of its topics or none. A shared key is necessary, not sufficient: the
 * candidates are then checked against every filter (repository.ts, `matchingAlerts`).
 */

/** Between a key's parts: a character no language, label or topic holds. */
const SEPARATOR = '\u001f';

const key = (language: string, label: string, topic: string) => ['k', language, label, topic].join(SEPARATOR);

export interface AlertKeyFilters {
  projectId: number | null;
  languages: readonly string[];
  /** Canonical topics. */
  topics: readonly string[];
  /** Lower case. */
  label: string | null;
}

export function alertMatchKeys(filters: AlertKeyFilters): string[] {
  if (filters.projectId !== null) return [`p${SEPARATOR}${filters.projectId}`];
  const topic = [...filters.topics].sort()[0] ?? '';
  const languages = filters.languages.length > 0 ? filters.languages : [''];
  return [...new Set(languages.map((language) => key(language, filters.label ?? '', topic)))];
}

export interface IssueKeyFacts {
  projectId: number;
  language: string | null;
  topics: readonly string[];
  /** Lower case. */
  labelNames: readonly string[];
}

export function issueMatchKeys(issue: IssueKeyFacts): string[] {
  const keys = new Set([`p${SEPARATOR}${issue.projectId}`]);
  const languages = issue.language ? [issue.language, ''] : [''];
  for (const language of languages)
    for (const label of [...issue.labelNames, ''])
      for (const topic of [...issue.topics, '']) keys.add(key(language, label, topic));
  return [...keys];
}
