import { UpstreamUnavailable } from './sign-in-provider.js';

export interface RepoClientSettings {
  apiUrl: string;
  timeoutMs: number;
  token: string | null;
}

/** An answer to a conditional GET: new content with its ETag, or "not modified" (which costs no rate limit). */
export type Conditional<T> = { modified: true; body: T; etag: string | null } | { modified: false };

export class RepoNotFound extends Error {
  override name = 'RepoNotFound';
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

export interface GitHubPullJson {
  number: number;
  title: string;
  body: string | null;
}

/**
 * GitHub REST reads of one repository, as conditional requests: the ETag of the last answer goes in
 * If-None-Match, and a 304 means the cached copy is still right. Rate-limit answers (403/429 with no
 * remaining requests, or a retry-after) become UpstreamUnavailable, naming when to try again.
 */
export function createRepoClient(settings: RepoClientSettings) {
  async function conditionalGet<T>(path: string, etag: string | null | undefined): Promise<Conditional<T>> {
    let res: Response;
    try {
      res = await fetch(`${settings.apiUrl}${path}`, {
        headers: {
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          'user-agent': 'OpenLFG',
          ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
          ...(etag ? { 'if-none-match': etag } : {}),
        },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new UpstreamUnavailable(`GitHub ${reason}`, { cause: error });
    }
    if (res.status === 304) return { modified: false };
    if (res.status === 404 || res.status === 410)
      throw new RepoNotFound(`GitHub has no repository at ${path}`);
    if (res.status === 403 || res.status === 429) {
      const retryAfter = Number(res.headers.get('retry-after'));
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      if (res.headers.get('x-ratelimit-remaining') === '0' || retryAfter > 0) {
        const until = retryAfter > 0 ? new Date(Date.now() + retryAfter * 1000) : new Date(reset * 1000);
        throw new UpstreamUnavailable(`GitHub's rate limit is reached until ${until.toISOString()}`);
      }
    }
    if (!res.ok) throw new UpstreamUnavailable(`GitHub answered ${res.status} for ${path}`);
    return { modified: true, body: (await res.json()) as T, etag: res.headers.get('etag') };
  }

  return {
    /** The newest 100 open issues (GitHub lists pull requests here too; callers drop them). */
    openIssues(repoExt: string, etag?: string | null) {
      return conditionalGet<GitHubIssueJson[]>(
        `/repos/${repoExt}/issues?state=open&sort=created&direction=desc&per_page=100`,
        etag,
      );
    },
    openPulls(repoExt: string, etag?: string | null) {
      return conditionalGet<GitHubPullJson[]>(`/repos/${repoExt}/pulls?state=open&per_page=100`, etag);
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
