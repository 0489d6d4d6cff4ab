/** The fake's data: users, repositories and issues as tests describe them, faults and budgets. */

export interface FakeGitHubUser {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string;
  repos?: {
    name: string;
    description?: string | null;
    language?: string | null;
    stars?: number;
    private?: boolean;
    topics?: string[];
    /** A fork of someone else's repository (GitHub's `fork`). */
    fork?: boolean;
  }[];
}

export interface FakeIssue {
  number: number;
  title: string;
  html_url: string;
  labels: { name: string; color: string }[];
  comments: number;
  created_at: string;
  user: { login: string } | null;
  assignee: { login: string } | null;
}

export interface FakePull {
  number: number;
  title: string;
  body: string | null;
}

/** An issue as GitHub's GraphQL API gives it to the catalogue sync (the issue finder's fields). */
export interface FakeGraphQLIssue {
  number: number;
  title: string;
  labels: string[];
  /** OPEN unless said. */
  state?: 'OPEN' | 'CLOSED';
  createdAt: string;
  updatedAt?: string;
  /** Current assignees with when each was assigned (the timeline's AssignedEvent). */
  assignees?: { login: string; at: string }[];
  /** Pull requests naming the issue: `closing` ones (closedByPullRequestsReferences), `mention`s (cross-referenced). */
  pullRequests?: {
    number: number;
    state: 'OPEN' | 'CLOSED' | 'MERGED';
    createdAt: string;
    author?: string;
    via: 'closing' | 'mention';
  }[];
  comments?: {
    author: string;
    association: 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'CONTRIBUTOR' | 'FIRST_TIME_CONTRIBUTOR' | 'NONE';
    createdAt: string;
    body: string;
  }[];
}

/** A repository as the catalogue sync reads it: GraphQL figures and the contributors list. */
export interface FakeRepository {
  stargazerCount: number;
  forkCount: number;
  isArchived?: boolean;
  pushedAt?: string | null;
  description?: string | null;
  language?: string | null;
  license?: { spdxId: string | null; name: string } | null;
  topics?: string[];
  /** The labels of each open issue: the open-issue count is their number, the beginner count is those
   * carrying any label the query names (compared ignoring case, as GitHub does). */
  openIssueLabels?: string[][];
  /** In GitHub's order (most contributions first); anonymous contributors included. */
  contributors?: { login: string; contributions: number }[];
  /** Issues in full, open and closed, for the issue finder's fields (and the counts when openIssueLabels is unset). */
  issues?: FakeGraphQLIssue[];
}

/** A one-off answer the next matching request gets instead of the real one. */
export interface FakeFault {
  endpoint: 'graphql' | 'contributors';
  answer: 'bad-gateway' | 'secondary-limit' | 'primary-limit';
  /** secondary-limit: the retry-after GitHub names (omit for a secondary limit without one). */
  retryAfterSeconds?: number;
  /** primary-limit: seconds until x-ratelimit-reset. */
  resetInSeconds?: number;
}

/** One of GitHub's primary budgets: REST ('core') counts requests (a 304 is free), GraphQL counts points. */
export interface FakeBudget {
  limit: number;
  remaining: number;
  /** Epoch seconds. */
  reset: number;
}
