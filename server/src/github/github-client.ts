import type { PublicRepo } from '@openlfg/contracts';
import { SignInRejected, UpstreamUnavailable, type SignInProvider } from './sign-in-provider.js';

export interface GitHubSettings {
  clientId: string;
  clientSecret: string;
  oauthUrl: string;
  apiUrl: string;
  timeoutMs: number;
}

/** GitHub's REST API version this client is written against. */
const API_VERSION = '2022-11-28';
/** Pages of 100 read from /user/repos: enough for a picker, bounded so one user cannot make us crawl. */
const MAX_REPO_PAGES = 3;

interface GitHubUserJson {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string | null;
}

interface GitHubRepoJson {
  name: string;
  full_name: string;
  html_url: string;
  description: string | null;
  language: string | null;
  stargazers_count: number;
  private: boolean;
  topics?: unknown;
}

/**
 * GitHub's OAuth web flow and the two REST reads sign-in needs. No scope is requested: public profile and
 * public repositories need none, and the narrowest grant is the one a user can trust.
 */
export function createGitHubProvider(settings: GitHubSettings): SignInProvider {
  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new UpstreamUnavailable(`GitHub ${reason}`, { cause: error });
    }
  }

  async function api<T>(path: string, accessToken: string): Promise<{ body: T; next: string | null }> {
    const res = await call(`${settings.apiUrl}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${accessToken}`,
        'x-github-api-version': API_VERSION,
        'user-agent': 'OpenLFG',
      },
    });
    if (res.status === 401) throw new SignInRejected('GitHub no longer accepts this token');
    if (!res.ok) throw new UpstreamUnavailable(`GitHub answered ${res.status} for ${path}`);
    const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
    return { body: (await res.json()) as T, next };
  }

  return {
    kind: 'github',

    authorizeUrl({ state, codeChallenge, redirectUri, login }) {
      const params = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        allow_signup: 'true',
      });
      if (login) params.set('login', login);
      return `${settings.oauthUrl}/login/oauth/authorize?${params}`;
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const res = await call(`${settings.oauthUrl}/login/oauth/access_token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'OpenLFG' },
        body: JSON.stringify({
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        }),
      });
      if (res.status >= 500)
        throw new UpstreamUnavailable(`GitHub answered ${res.status} to the token exchange`);
      // GitHub answers OAuth errors with 200 and an `error` field.
      const body = (await res.json().catch(() => ({}))) as {
        access_token?: string;
        error?: string;
        error_description?: string;
      };
      if (!res.ok || !body.access_token) {
        throw new SignInRejected(
          `GitHub refused the code: ${body.error ?? res.status} ${body.error_description ?? ''}`.trim(),
        );
      }
      return body.access_token;
    },

    async fetchUser(accessToken) {
      const { body } = await api<GitHubUserJson>('/user', accessToken);
      return {
        githubId: body.id,
        login: body.login,
        name: body.name || null,
        avatarUrl: body.avatar_url || null,
      };
    },

    async listPublicRepos(accessToken) {
      const repos: PublicRepo[] = [];
      let path: string | null = '/user/repos?visibility=public&affiliation=owner&sort=updated&per_page=100';
      for (let page = 0; path && page < MAX_REPO_PAGES; page++) {
        const result: { body: GitHubRepoJson[]; next: string | null } = await api<GitHubRepoJson[]>(
          path,
          accessToken,
        );
        for (const repo of result.body) {
          if (repo.private) continue;
          repos.push({
            name: repo.name,
            fullName: repo.full_name,
            url: repo.html_url,
            description: repo.description,
            language: repo.language,
            stars: repo.stargazers_count,
            topics: Array.isArray(repo.topics)
              ? repo.topics.filter((topic): topic is string => typeof topic === 'string').slice(0, 20)
              : [],
          });
        }
        path = result.next ? result.next.replace(settings.apiUrl, '') : null;
      }
      return repos;
    },
  };
}
