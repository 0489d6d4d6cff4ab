import { ISSUES_PER_REPOSITORY } from '@openlfg/contracts';
import { readCount, readDate, readText } from '../sources/fields.js';
import { isClaimComment } from './claim-phrases.js';
import { RESPONSIVENESS_SAMPLE, type RecentIssue } from './responsiveness.js';

/**
 * The GraphQL the sync asks, per repository, about its issues (inside the batch query of github-batch.ts), and
 * the reading of GitHub's answer into what the finder stores: each open beginner issue with whether someone is
 * on it, and the project's maintainer responsiveness.
 */

/** Open issues carrying any beginner label (GitHub's `labels` argument matches any of them), newest first. */
export const ISSUE_LIST_FIELDS = `beginnerIssueList: issues(states: OPEN, labels: $beginnerLabels, first: ${ISSUES_PER_REPOSITORY}, orderBy: { field: CREATED_AT, direction: DESC }) {
    nodes { ...BeginnerIssueFields }
  }
  recentIssues: issues(first: ${RESPONSIVENESS_SAMPLE}, orderBy: { field: CREATED_AT, direction: DESC }) {
    nodes { number createdAt comments(first: 10) { nodes { createdAt authorAssociation } } }
  }`;

/**
 * Per issue: four nested connections (labels, assignees, closing pull requests, the last timeline items), the
 * only ones it costs. The timeline gives the assignment's date, pull requests that mention the issue, and the
 * last comments (date, author, association, text) for claim comments.
 */
export const ISSUE_FRAGMENT = `fragment BeginnerIssueFields on Issue {
  number
  title
  url
  createdAt
  updatedAt
  comments { totalCount }
  labels(first: 10) { nodes { name color } }
  assignees(first: 3) { nodes { login } }
  closedByPullRequestsReferences(first: 3, includeClosedPrs: false) {
    nodes { number url state createdAt author { login } }
  }
  timelineItems(last: 20, itemTypes: [ASSIGNED_EVENT, CROSS_REFERENCED_EVENT, ISSUE_COMMENT]) {
    nodes {
      __typename
      ... on AssignedEvent { createdAt assignee { ... on User { login } } }
      ... on CrossReferencedEvent {
        createdAt
        source { __typename ... on PullRequest { number url state createdAt author { login } } }
      }
      ... on IssueComment { createdAt authorAssociation author { login } body }
    }
  }
}`;

/** Who answers for a project: GitHub's associations of its owner, organisation members and collaborators. */
export const MAINTAINER_ASSOCIATIONS: ReadonlySet<string> = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);

export interface IssueFacts {
  number: number;
  title: string;
  url: string;
  labels: { name: string; color: string | null }[];
  createdAt: Date;
  updatedAt: Date;
  comments: number;
  assignee: string | null;
  /** When the current assignee was assigned, when the timeline still shows it. */
  assignedAt: Date | null;
  /** The newest open pull request that closes or mentions the issue. */
  pullRequest: { number: number; url: string; by: string | null; at: Date } | null;
  /** The latest comment by someone other than a maintainer saying they take the issue (any age). */
  claimComment: { by: string | null; at: Date } | null;
}

export interface IssueSummary {
  issues: IssueFacts[];
  /** The project's most recent issues (of any label), each with its first maintainer answer: its responsiveness. */
  recentIssues: RecentIssue[];
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nodesOf = (value: unknown): Json[] =>
  isRecord(value) && Array.isArray(value.nodes) ? value.nodes.filter(isRecord) : [];
const loginOf = (value: unknown): string | null => (isRecord(value) ? readText(value.login, 39) : null);

/** Reads a repository's `beginnerIssueList` and `recentIssues`; null when the answer has neither. */
export function readIssueSummary(repo: Json): IssueSummary | null {
  if (!isRecord(repo.beginnerIssueList)) return null;
  const issues: IssueFacts[] = [];
  for (const node of nodesOf(repo.beginnerIssueList)) {
    const issue = readIssue(node);
    if (issue) issues.push(issue);
  }
  return { issues, recentIssues: recentIssuesOf(nodesOf(repo.recentIssues)) };
}

/** One issue node of the BeginnerIssueFields fragment; null when it lacks what an issue must have. */
export function readIssue(node: Json): IssueFacts | null {
  const number = readCount(node.number);
  const title = readText(node.title, 300);
  const url = readText(node.url, 2048);
  const createdAt = readDate(node.createdAt);
  if (!number || !title || !url || !createdAt) return null;
  const timeline = nodesOf(node.timelineItems);
  const assignee =
    nodesOf(node.assignees)
      .map(loginOf)
      .find((login) => login !== null) ?? null;
  const assignedAt = assignee
    ? latest(
        timeline
          .filter((item) => item.__typename === 'AssignedEvent' && loginOf(item.assignee) === assignee)
          .map((item) => readDate(item.createdAt)),
      )
    : null;
  return {
    number,
    title,
    url,
    labels: nodesOf(node.labels).flatMap((label) => {
      const name = readText(label.name, 100);
      return name ? [{ name, color: readText(label.color, 20) }] : [];
    }),
    createdAt,
    updatedAt: readDate(node.updatedAt) ?? createdAt,
    comments: readCount(isRecord(node.comments) ? node.comments.totalCount : null) ?? 0,
    assignee,
    assignedAt,
    pullRequest: newestOpenPullRequest([
      ...nodesOf(node.closedByPullRequestsReferences),
      ...timeline
        .filter((item) => item.__typename === 'CrossReferencedEvent' && isRecord(item.source))
        .map((item) => item.source as Json)
        .filter((source) => source.__typename === 'PullRequest'),
    ]),
    claimComment: latestClaimComment(timeline),
  };
}

function latest(dates: (Date | null)[]): Date | null {
  let best: Date | null = null;
  for (const date of dates) if (date && (!best || date > best)) best = date;
  return best;
}

function newestOpenPullRequest(pulls: Json[]): IssueFacts['pullRequest'] {
  let best: IssueFacts['pullRequest'] = null;
  for (const pull of pulls) {
    if (pull.state !== 'OPEN') continue;
    const number = readCount(pull.number);
    const url = readText(pull.url, 2048);
    const at = readDate(pull.createdAt);
    if (!number || !url || !at) continue;
    if (!best || at > best.at) best = { number, url, by: loginOf(pull.author), at };
  }
  return best;
}

function latestClaimComment(timeline: Json[]): IssueFacts['claimComment'] {
  let best: IssueFacts['claimComment'] = null;
  for (const item of timeline) {
    if (item.__typename !== 'IssueComment') continue;
    if (MAINTAINER_ASSOCIATIONS.has(String(item.authorAssociation))) continue;
    const at = readDate(item.createdAt);
    if (!at || typeof item.body !== 'string' || !isClaimComment(item.body.slice(0, 5000))) continue;
    if (!best || at > best.at) best = { by: loginOf(item.author), at };
  }
  return best;
}

/** The recent issues' nodes: when each was opened and first answered by a maintainer (of its first comments). */
function recentIssuesOf(nodes: Json[]): RecentIssue[] {
  return nodes.flatMap((issue) => {
    const number = readCount(issue.number);
    const created = readDate(issue.createdAt);
    if (!number || !created) return [];
    const first = nodesOf(issue.comments)
      .filter((comment) => MAINTAINER_ASSOCIATIONS.has(String(comment.authorAssociation)))
      .map((comment) => readDate(comment.createdAt))
      .filter((date): date is Date => date !== null)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    return [{ number, createdAt: created.toISOString(), answeredAt: first?.toISOString() ?? null }];
  });
}
