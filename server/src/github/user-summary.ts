import type { RequesterSummary } from '@openlfg/contracts';
import { LRUCache } from 'lru-cache';
import { RepoNotFound, type GitHubUserRepoJson, type RepoClient } from './repo-client.js';
import { UpstreamUnavailable } from './sign-in-provider.js';

/** How many languages a summary names. */
export const TOP_LANGUAGES = 3;

export interface UserSummaryOptions {
  client: Pick<RepoClient, 'user' | 'userRepos'>;
  /** How long a summary GitHub gave is kept. */
  ttlMs?: number;
  /** How long "unavailable" is kept: GitHub is not asked again for that login meanwhile. */
  failureTtlMs?: number;
  maxEntries?: number;
  log?: { warn(object: object, message: string): void };
}

/** The languages of the user's own repositories (forks are someone else's work), most used first. */
export function topLanguages(repos: readonly GitHubUserRepoJson[]): { language: string; repos: number }[] {
  const counts = new Map<string, number>();
  for (const repo of repos) {
    if (repo.fork || !repo.language) continue;
    counts.set(repo.language, (counts.get(repo.language) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, TOP_LANGUAGES)
    .map(([language, repos]) => ({ language, repos }));
}

/**
 * Requesters' public GitHub summaries (public repositories, top languages) for the owners deciding on them.
 * Kept in each node's memory, not in the database: the summary is a courtesy beside a request, cheap to read
 * again and harmless when it trails GitHub by an hour; a table would need pruning and buy nothing. Two GitHub
 * requests per login, each bounded by GITHUB_TIMEOUT_MS; concurrent askers of one login share them. When GitHub
 * does not answer, the summary is "unavailable" (never an error) and is kept briefly, so an outage costs
 * GitHub at most one request pair per login per minute.
 */
export function createUserSummaries(options: UserSummaryOptions) {
  const log = options.log ?? { warn: () => {} };
  const failureTtlMs = options.failureTtlMs ?? 60_000;
  const cache = new LRUCache<string, RequesterSummary>({
    max: options.maxEntries ?? 2000,
    ttl: options.ttlMs ?? 3_600_000,
    fetchMethod: async (key, _stale, { options: entry }) => {
      try {
        const [user, repos] = await Promise.all([options.client.user(key), options.client.userRepos(key)]);
        return {
          available: true,
          login: user.login,
          publicRepos: Math.max(0, Math.trunc(user.public_repos) || 0),
          topLanguages: topLanguages(repos),
        };
      } catch (error) {
        // No answer in time, or no such user: expected, and the owner is told so. Anything else is a defect.
        if (!(error instanceof UpstreamUnavailable || error instanceof RepoNotFound)) {
          log.warn({ err: error, login: key }, 'reading a GitHub summary failed');
        }
        entry.ttl = failureTtlMs;
        return { available: false, login: key };
      }
    },
  });
  return {
    /** The login's summary; never throws. Logins are compared as GitHub does, ignoring case. */
    async of(login: string): Promise<RequesterSummary> {
      const summary = await cache.fetch(login.toLowerCase());
      return summary?.available ? summary : { available: false, login };
    },
  };
}

export type UserSummaries = ReturnType<typeof createUserSummaries>;
