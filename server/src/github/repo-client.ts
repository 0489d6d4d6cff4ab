import { UpstreamUnavailable } from './sign-in-provider.js';

export interface RepoClientSettings {
  apiUrl: string;
  /** GitHub's GraphQL endpoint (config.github.graphqlUrl); needed only for graphql(). */
  graphqlUrl?: string;
  timeoutMs: number;
  token: string | null;
  /** The clock rate-limit times are reckoned from; tests pass their own. */
  now?: () => number;
}

/** An answer to a conditional GET: new content with its ETag, or "not modified" (which costs no rate limit). */
export type Conditional<T> = { modified: true; body: T; etag: string | null } | { modified: false };

export class RepoNotFound extends Error {
  override name = 'RepoNotFound';
}

/** GitHub answered with an HTTP error, or not at all (status undefined: unreachable or timed out). */
export class GitHubRequestFailed extends UpstreamUnavailable {
  override name = 'GitHubRequestFailed';
  constructor(
    message: string,
    readonly status: number | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  /** Worth trying again shortly: GitHub failed on its side, or the request never got an answer. */
  get transient(): boolean {
    return this.status === undefined || this.status >= 500;
  }
}

/**
 * GitHub refuses requests until `until`: the primary limit (the hour's budget is spent) or a secondary limit
 * (too many requests too fast, or too much at once), which GitHub asks clients to sit out.
 */
export class GitHubRateLimited extends UpstreamUnavailable {
  override name = 'GitHubRateLimited';
  constructor(
    message: string,
    readonly until: Date,
    readonly secondary: boolean,
  ) {
    super(message);
  }
}

/** What is left of one of GitHub's budgets ('core' for REST, 'graphql'), as its last answer said. */
export interface RateBudget {
  remaining: number;
  resetAt: Date | null;
}

export interface GitHubIssueJson {
  number: number;
  title: string;
  html_url: string;
  labels: ({ name?: string; color?: string | null } | string)[];
  comments: number;
  created_at: string;
  user: { login: string } | null;
  assignee: { login: string } | null;
  pull_request?: unknown;
}

export interface GitHubRepositoryJson {
  full_name: string;
  stargazers_count: number;
  forks_count: number;
  description: string | null;
  language: string | null;
  archived: boolean;
  pushed_at: string | null;
  license: { spdx_id: string | null; name: string } | null;
}

/** GET /users/{username}: the fields of a public profile OpenLFG reads. */
export interface GitHubUserJson {
  login: string;
  public_repos: number;
}

/** One repository of GET /users/{username}/repos, as far as a requester's summary reads it. */
export interface GitHubUserRepoJson {
  full_name: string;
  fork: boolean;
  language: string | null;
}

export interface GitHubPullJson {
  number: number;
  title: string;
  body: string | null;
}

export interface GraphQLError {
  type?: string;
  path?: (string | number)[];
  message: string;
}

export interface GraphQLAnswer<T> {
  /** Null when GitHub answered no data at all; a field GitHub could not resolve is null inside it. */
  data: T | null;
  errors: GraphQLError[];
}

/**
 * What a client's requests cost so far: GraphQL points (as GitHub's rateLimit field said), REST answers GitHub
 * counted against the rate limit, and REST answers 304 Not Modified, which it does not count (saved).
 */
export interface RequestCosts {
  graphqlPoints: number;
  restRequests: number;
  notModified: number;
}

/** GitHub's advice when a secondary limit names no time: wait at least a minute. */
const SECONDARY_DEFAULT_WAIT_MS = 60_000;
const SECONDARY_MESSAGE = /secondary rate limit|abuse detection/i;

/**
 * GitHub reads of public repositories: REST as conditional requests (the ETag of the last answer goes in
 * If-None-Match, and a 304 means the cached copy is still right) and GraphQL queries. Every answer's
 * x-ratelimit-* headers are remembered per budget. Rate-limit answers (403/429 with no remaining requests, a
 * retry-after, GitHub's secondary-limit message, or GraphQL's RATE_LIMITED error) become GitHubRateLimited,
 * naming when to try again; other failures GitHubRequestFailed. Both are UpstreamUnavailable.
 */
export function createRepoClient(settings: RepoClientSettings) {
  const now = settings.now ?? Date.now;
  const budgets = new Map<string, RateBudget>();
  const costs: RequestCosts = { graphqlPoints: 0, restRequests: 0, notModified: 0 };

  function remember(res: Response, fallbackResource: string): void {
    const remaining = res.headers.get('x-ratelimit-remaining');
    if (remaining === null || !/^\d+$/.test(remaining)) return;
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    budgets.set(res.headers.get('x-ratelimit-resource') ?? fallbackResource, {
      remaining: Number(remaining),
      resetAt: reset > 0 ? new Date(reset * 1000) : null,
    });
  }

  async function send(url: string, init: RequestInit, resource: string): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(url, {
        ...init,
        headers: {
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          'user-agent': 'OpenLFG',
          ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new GitHubRequestFailed(`GitHub ${reason}`, undefined, { cause: error });
    }
    remember(res, resource);
    if (resource === 'core') {
      if (res.status === 304) costs.notModified++;
      else costs.restRequests++;
    }
    if (res.status === 403 || res.status === 429) await throwIfRateLimited(res);
    return res;
  }

  async function throwIfRateLimited(res: Response): Promise<void> {
    const retryAfter = Number(res.headers.get('retry-after'));
    const remaining = res.headers.get('x-ratelimit-remaining');
    // The body says which limit it is when the headers do not; it is short, and unused otherwise.
    const message = await res
      .clone()
      .text()
      .catch(() => '');
    const secondary = SECONDARY_MESSAGE.test(message);
    if (retryAfter > 0) {
      const until = new Date(now() + retryAfter * 1000);
      throw new GitHubRateLimited(rateLimitMessage(until, secondary), until, secondary || remaining !== '0');
    }
    if (remaining === '0') {
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      const until = new Date(reset > 0 ? reset * 1000 : now() + SECONDARY_DEFAULT_WAIT_MS);
      throw new GitHubRateLimited(rateLimitMessage(until, false), until, false);
    }
    if (secondary) {
      const until = new Date(now() + SECONDARY_DEFAULT_WAIT_MS);
      throw new GitHubRateLimited(rateLimitMessage(until, true), until, true);
    }
  }

  async function conditionalGet<T>(
    path: string,
    etag: string | null | undefined,
  ): Promise<Conditional<T> & { res: Response }> {
    const res = await send(
      `${settings.apiUrl}${path}`,
      { headers: etag ? { 'if-none-match': etag } : {} },
      'core',
    );
    if (res.status === 304) return { modified: false, res };
    if (res.status === 404 || res.status === 410)
      throw new RepoNotFound(`GitHub has no repository at ${path}`);
    if (!res.ok) throw new GitHubRequestFailed(await failureMessage(res, path), res.status);
    // 204 No Content (an empty repository's contributors) has no JSON to read.
    const body = (res.status === 204 ? [] : await res.json()) as T;
    return { modified: true, body, etag: res.headers.get('etag'), res };
  }

  return {
    /** The newest 100 open issues (GitHub lists pull requests here too; callers drop them). */
    async openIssues(repoExt: string, etag?: string | null): Promise<Conditional<GitHubIssueJson[]>> {
      const { res: _res, ...answer } = await conditionalGet<GitHubIssueJson[]>(
        `/repos/${repoExt}/issues?state=open&sort=created&direction=desc&per_page=100`,
        etag,
      );
      return answer;
    },

    async openPulls(repoExt: string, etag?: string | null): Promise<Conditional<GitHubPullJson[]>> {
      const { res: _res, ...answer } = await conditionalGet<GitHubPullJson[]>(
        `/repos/${repoExt}/pulls?state=open&per_page=100`,
        etag,
      );
      return answer;
    },

    /**
     * How many contributors (anonymous ones included) the repository has, for one request: with one per
     * page, the number of the page Link calls "last" is the count. No Link means one page (0 or 1 item).
     */
    async contributorsCount(repoExt: string, etag?: string | null): Promise<Conditional<number>> {
      const answer = await conditionalGet<unknown>(`/repos/${repoExt}/contributors?per_page=1&anon=1`, etag);
      if (!answer.modified) return answer;
      const last = lastPage(answer.res.headers.get('link'));
      const count = last ?? (Array.isArray(answer.body) ? Math.min(answer.body.length, 1) : 0);
      return { modified: true, body: count, etag: answer.etag };
    },

    /** GET /repos/{owner}/{name}: the repository's own figures, read now (RepoNotFound when GitHub has none). */
    async repository(repoExt: string): Promise<GitHubRepositoryJson> {
      const answer = await conditionalGet<GitHubRepositoryJson>(`/repos/${repoExt}`, null);
      if (!answer.modified) throw new GitHubRequestFailed('GitHub answered 304 without a condition', 304);
      return answer.body;
    },

    /** GET /users/{username}: a public profile (RepoNotFound when GitHub knows no such user). */
    async user(login: string): Promise<GitHubUserJson> {
      const answer = await conditionalGet<GitHubUserJson>(`/users/${encodeURIComponent(login)}`, null);
      if (!answer.modified) throw new GitHubRequestFailed('GitHub answered 304 without a condition', 304);
      return answer.body;
    },

    /** The user's own public repositories, the 100 most recently pushed first (one request, no paging). */
    async userRepos(login: string): Promise<GitHubUserRepoJson[]> {
      const answer = await conditionalGet<GitHubUserRepoJson[]>(
        `/users/${encodeURIComponent(login)}/repos?type=owner&sort=pushed&direction=desc&per_page=100`,
        null,
      );
      if (!answer.modified) throw new GitHubRequestFailed('GitHub answered 304 without a condition', 304);
      return Array.isArray(answer.body) ? answer.body : [];
    },

    /** One GraphQL query. Errors about single fields come back in `errors` beside the data. */
    async graphql<T>(query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer<T>> {
      if (!settings.graphqlUrl) throw new Error('No GraphQL endpoint configured');
      const res = await send(
        settings.graphqlUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        },
        'graphql',
      );
      if (!res.ok) throw new GitHubRequestFailed(await failureMessage(res, 'GraphQL'), res.status);
      let body: { data?: T | null; errors?: GraphQLError[] };
      try {
        body = (await res.json()) as typeof body;
      } catch (error) {
        throw new GitHubRequestFailed('GitHub answered GraphQL with something that is not JSON', 502, {
          cause: error,
        });
      }
      const errors = Array.isArray(body.errors) ? body.errors : [];
      // GitHub answers a spent GraphQL budget with 200 and an error (RATE_LIMITED, lately RATE_LIMIT).
      if (errors.some((e) => e.type === 'RATE_LIMITED' || e.type === 'RATE_LIMIT')) {
        const reset = Number(res.headers.get('x-ratelimit-reset'));
        const until = new Date(reset > 0 ? reset * 1000 : now() + SECONDARY_DEFAULT_WAIT_MS);
        throw new GitHubRateLimited(rateLimitMessage(until, false), until, false);
      }
      return { data: body.data ?? null, errors };
    },

    /** The budget GitHub last reported: 'core' (REST) or 'graphql'. */
    budget(resource: 'core' | 'graphql'): RateBudget | null {
      return budgets.get(resource) ?? null;
    },

    /**
     * Records a budget GitHub reported in a body (GraphQL's rateLimit field), which is the freshest word, and
     * what the query cost (its `cost`), when said.
     */
    noteBudget(resource: 'core' | 'graphql', budget: RateBudget & { cost?: number }): void {
      budgets.set(resource, { remaining: budget.remaining, resetAt: budget.resetAt });
      if (resource === 'graphql' && budget.cost !== undefined) costs.graphqlPoints += budget.cost;
    },

    /** What this client's requests cost so far, and what conditional requests saved. */
    costs(): RequestCosts {
      return { ...costs };
    },
  };
}

export type RepoClient = ReturnType<typeof createRepoClient>;

/**
 * Issue numbers that open pull requests say they close ("fixes #12", "Closes owner/name#7", "resolves: #3"):
 * GitHub's closing keywords, the way a contributor links a PR to an issue.
 */
export function linkedIssueNumbers(pulls: readonly GitHubPullJson[], repoExt: string): number[] {
  const numbers = new Set<number>();
  const sameRepo = repoExt.toLowerCase();
  const pattern = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\b:?\s+(?:([\w.-]+\/[\w.-]+))?#(\d+)/gi;
  for (const pull of pulls) {
    for (const match of `${pull.title}\n${pull.body ?? ''}`.matchAll(pattern)) {
      if (match[1] && match[1].toLowerCase() !== sameRepo) continue;
      numbers.add(Number(match[2]));
    }
  }
  return [...numbers].sort((a, b) => a - b);
}

function rateLimitMessage(until: Date, secondary: boolean): string {
  return `GitHub's ${secondary ? 'secondary ' : ''}rate limit is reached until ${until.toISOString()}`;
}

/** "GitHub answered 502 for PATH", with GitHub's own message when it sent one (the why of a 403 or 422). */
async function failureMessage(res: Response, what: string): Promise<string> {
  let detail = '';
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string') detail = `: ${body.message.slice(0, 200)}`;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return `GitHub answered ${res.status} for ${what}${detail}`;
}

/** The page number of the Link header's rel="last" URL, or null when there is none. */
export function lastPage(link: string | null): number | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?last"?/.exec(part);
    if (!match?.[1]) continue;
    const page = Number(new URL(match[1], 'https://api.github.com').searchParams.get('page'));
    return Number.isSafeInteger(page) && page > 0 ? page : null;
  }
  return null;
}
