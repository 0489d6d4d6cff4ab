import type { GraphQLAnswer } from '../../github/repo-client.js';
import { BEGINNER_LABELS } from '../sources/beginner-labels.js';
import { MAX_DESCRIPTION_LENGTH, normaliseTopics, readCount, readDate, readText } from '../sources/fields.js';
import { ISSUE_FRAGMENT, ISSUE_LIST_FIELDS, readIssueSummary, type IssueSummary } from './issue-facts.js';

/** What one GraphQL query says about a repository. */
export interface RepoFigures {
  stars: number | null;
  forks: number | null;
  archived: boolean;
  lastPushAt: Date | null;
  description: string | null;
  language: string | null;
  license: string | null;
  topics: string[];
  openIssues: number | null;
  beginnerIssues: number | null;
  /** The open beginner issues and the maintainers' responsiveness; null when the answer lacks them. */
  issues: IssueSummary | null;
}

export type RepoAnswer =
  | { ok: true; figures: RepoFigures }
  /** notFound: GitHub answered NOT_FOUND (deleted, private, or never there). */
  | { ok: false; notFound: boolean; reason: string };

export interface BatchBudget {
  remaining: number;
  resetAt: Date | null;
  cost: number;
}

/**
 * The fields read for every repository. Both issue counts are totalCount only, so they cost no nodes; the
 * beginner count is the open issues carrying any of the nine beginner labels. The issue finder's fields
 * (issue-facts.ts) ride in the same query: still one GraphQL query per batch.
 */
const REPOSITORY_FIELDS = `fragment CatalogueFields on Repository {
  stargazerCount
  forkCount
  isArchived
  pushedAt
  description
  primaryLanguage { name }
  licenseInfo { spdxId name }
  repositoryTopics(first: 20) { nodes { topic { name } } }
  issues(states: OPEN) { totalCount }
  beginnerIssues: issues(states: OPEN, labels: $beginnerLabels) { totalCount }
  ${ISSUE_LIST_FIELDS}
}`;

/**
 * One query for a batch of repositories: an aliased `repository` field per repository (r0, r1, ...), their
 * owners and names as variables (never spliced into the query text), and the GraphQL budget.
 */
export function batchQuery(repoExts: readonly string[]): {
  query: string;
  variables: Record<string, unknown>;
} {
  const variables: Record<string, unknown> = { beginnerLabels: [...BEGINNER_LABELS] };
  const declarations = ['$beginnerLabels: [String!]'];
  const fields = repoExts.map((repoExt, i) => {
    const [owner = '', name = ''] = repoExt.split('/');
    variables[`o${i}`] = owner;
    variables[`n${i}`] = name;
    declarations.push(`$o${i}: String!`, `$n${i}: String!`);
    return `  r${i}: repository(owner: $o${i}, name: $n${i}) { ...CatalogueFields }`;
  });
  const query = `query CatalogueSync(${declarations.join(', ')}) {
  rateLimit { remaining resetAt cost }
${fields.join('\n')}
}
${REPOSITORY_FIELDS}
${ISSUE_FRAGMENT}`;
  return { query, variables };
}

interface RepositoryJson {
  stargazerCount?: unknown;
  forkCount?: unknown;
  isArchived?: unknown;
  pushedAt?: unknown;
  description?: unknown;
  primaryLanguage?: { name?: unknown } | null;
  licenseInfo?: { spdxId?: unknown; name?: unknown } | null;
  repositoryTopics?: { nodes?: ({ topic?: { name?: unknown } | null } | null)[] } | null;
  issues?: { totalCount?: unknown } | null;
  beginnerIssues?: { totalCount?: unknown } | null;
  beginnerIssueList?: unknown;
  recentIssues?: unknown;
}

export type BatchData = Record<
  string,
  RepositoryJson | null | { remaining?: unknown; resetAt?: unknown; cost?: unknown }
>;

/**
 * Reads GitHub's answer to batchQuery: one RepoAnswer per repository, in order, and the budget. A field GitHub
 * could not resolve is null in `data` with an error whose path names its alias.
 */
export function readBatchAnswer(
  answer: GraphQLAnswer<BatchData>,
  count: number,
): { repos: RepoAnswer[]; budget: BatchBudget | null } {
  const data = answer.data ?? {};
  const repos: RepoAnswer[] = [];
  for (let i = 0; i < count; i++) {
    const alias = `r${i}`;
    const repo = data[alias] as RepositoryJson | null | undefined;
    if (repo) {
      repos.push({ ok: true, figures: readFigures(repo) });
      continue;
    }
    const error = answer.errors.find((e) => e.path?.[0] === alias);
    repos.push({
      ok: false,
      notFound: error?.type === 'NOT_FOUND',
      reason: error
        ? `${error.type ?? 'GraphQL error'}: ${error.message}`.slice(0, 500)
        : 'GitHub answered no data for the repository',
    });
  }
  const rate = data.rateLimit as
    { remaining?: unknown; resetAt?: unknown; cost?: unknown } | null | undefined;
  const remaining = readCount(rate?.remaining);
  const budget =
    remaining === null
      ? null
      : { remaining, resetAt: readDate(rate?.resetAt), cost: readCount(rate?.cost) ?? 1 };
  return { repos, budget };
}

function readFigures(repo: RepositoryJson): RepoFigures {
  const spdx = readText(repo.licenseInfo?.spdxId, 100);
  return {
    stars: readCount(repo.stargazerCount),
    forks: readCount(repo.forkCount),
    archived: repo.isArchived === true,
    lastPushAt: readDate(repo.pushedAt),
    description: readText(repo.description, MAX_DESCRIPTION_LENGTH),
    language: readText(repo.primaryLanguage?.name, 100),
    // NOASSERTION is GitHub's "Other": the license's name says more than that.
    license: spdx && spdx !== 'NOASSERTION' ? spdx : readText(repo.licenseInfo?.name, 100),
    topics: normaliseTopics((repo.repositoryTopics?.nodes ?? []).map((node) => node?.topic?.name)),
    openIssues: readCount(repo.issues?.totalCount),
    beginnerIssues: readCount(repo.beginnerIssues?.totalCount),
    issues: readIssueSummary(repo as Record<string, unknown>),
  };
}
