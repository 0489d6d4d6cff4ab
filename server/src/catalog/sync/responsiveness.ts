/**
 * A project's maintainer responsiveness: the median, over its most recent issues that got one, of the hours from
 * an issue's opening to the first comment by a maintainer (owner, member or collaborator). The sync reads the
 * recent issues from GitHub (issue-facts.ts); an `issue_comment` delivery by a maintainer adds its answer to the
 * stored ones (webhooks/comment-events.ts, through maintainer-answers.ts). Both work the figure out here, from the
 * same list.
 */

/** The issues the median is taken over: the project's most recent ones (the sync asks GitHub for these). */
export const RESPONSIVENESS_SAMPLE = 30;

/** One of a project's recent issues (stored as JSON: dates as ISO text). */
export interface RecentIssue {
  number: number;
  createdAt: string;
  /** When a maintainer first commented; null when none has (yet). */
  answeredAt: string | null;
}

const time = (iso: string) => Date.parse(iso);

/** The sample in its order: newest first, at most RESPONSIVENESS_SAMPLE. */
export function recentFirst(issues: readonly RecentIssue[]): RecentIssue[] {
  return [...issues].sort((a, b) => time(b.createdAt) - time(a.createdAt)).slice(0, RESPONSIVENESS_SAMPLE);
}

/** The median hours to a maintainer's first comment over the sample; null when none of its issues had one. */
export function medianFirstAnswerHours(issues: readonly RecentIssue[]): number | null {
  const hours = recentFirst(issues)
    .filter((issue) => issue.answeredAt !== null)
    .map((issue) => Math.max(0, (time(issue.answeredAt as string) - time(issue.createdAt)) / 3_600_000))
    .sort((a, b) => a - b);
  if (hours.length === 0) return null;
  const middle = Math.floor(hours.length / 2);
  const at = (index: number) => hours[index] ?? 0;
  const median = hours.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  return Math.round(median * 10) / 10;
}

/**
 * The sample once a maintainer's comment on issue `number` (opened at `createdAt`) is counted: the issue's first
 * answer is the earliest one seen. Null when it changes nothing: a later answer than the one known, or an issue
 * older than every one of a full sample.
 */
export function withMaintainerAnswer(
  issues: readonly RecentIssue[],
  answer: { number: number; createdAt: Date; at: Date },
): RecentIssue[] | null {
  const at = answer.at.toISOString();
  const known = issues.find((issue) => issue.number === answer.number);
  if (known && known.answeredAt !== null && time(known.answeredAt) <= answer.at.getTime()) return null;
  const next = known
    ? issues.map((issue) => (issue === known ? { ...issue, answeredAt: at } : issue))
    : [...issues, { number: answer.number, createdAt: answer.createdAt.toISOString(), answeredAt: at }];
  const sample = recentFirst(next);
  return sample.some((issue) => issue.number === answer.number) ? sample : null;
}

/** The stored JSON read back; anything not a recent issue is passed over. */
export function readRecentIssues(value: unknown): RecentIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { number, createdAt, answeredAt } = item as Record<string, unknown>;
    if (typeof number !== 'number' || typeof createdAt !== 'string' || Number.isNaN(time(createdAt)))
      return [];
    const answered = typeof answeredAt === 'string' && !Number.isNaN(time(answeredAt)) ? answeredAt : null;
    return [{ number, createdAt, answeredAt: answered }];
  });
}
