import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { GitHubRequestFailed } from './repo-client.js';

/** A GitHub App: its id and its private key (PEM), from the App's settings page. */
export interface GitHubAppSettings {
  id: string;
  privateKey: string;
}

/**
 * GitHub accepts an App's JWT for 10 minutes at most; its clock may run behind ours, so the token says it was
 * issued a minute ago (GitHub's own advice) and lasts nine more.
 */
const JWT_BACKDATE_SECONDS = 60;
const JWT_LIFETIME_SECONDS = 9 * 60;
/** An installation token is used until this long before GitHub's expiry (an hour), then asked for again. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The App's JWT (RS256): what authenticates it when it asks for an installation's token. */
export function appJwt(appId: string, key: KeyObject, nowMs: number): string {
  const now = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ iat: now - JWT_BACKDATE_SECONDS, exp: now + JWT_LIFETIME_SECONDS, iss: appId }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${base64url(signature)}`;
}

/**
 * Installation access tokens of a GitHub App (POST /app/installations/:id/access_tokens, with the App's JWT),
 * each kept until shortly before it expires, and asked for once however many callers want it meanwhile. A read
 * of a repository the App covers goes with its installation's token: its own rate limit (5,000 an hour and more
 * per installation), not the server token's.
 */
export function createInstallationTokens(settings: {
  app: GitHubAppSettings;
  apiUrl: string;
  timeoutMs: number;
  now?: () => number;
}) {
  const now = settings.now ?? Date.now;
  // PEM text pasted into an environment variable often has its line breaks written as \n.
  const key = createPrivateKey(settings.app.privateKey.replace(/\\n/g, '\n'));
  const tokens = new Map<number, { token: string; usableUntil: number }>();
  const asking = new Map<number, Promise<string>>();

  async function ask(installationId: number): Promise<string> {
    const path = `/app/installations/${installationId}/access_tokens`;
    let res: Response;
    try {
      res = await fetch(`${settings.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${appJwt(settings.app.id, key, now())}`,
          'user-agent': 'OpenLFG',
          'x-github-api-version': '2022-11-28',
        },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw new GitHubRequestFailed(`GitHub did not answer for ${path}`, undefined, { cause: error });
    }
    if (res.status !== 201) {
      throw new GitHubRequestFailed(`GitHub answered ${res.status} for ${path}`, res.status);
    }
    const body = (await res.json()) as { token?: unknown; expires_at?: unknown };
    const expiresAt = typeof body.expires_at === 'string' ? Date.parse(body.expires_at) : Number.NaN;
    if (typeof body.token !== 'string' || Number.isNaN(expiresAt)) {
      throw new GitHubRequestFailed(`GitHub's answer for ${path} has no token`, res.status);
    }
    tokens.set(installationId, { token: body.token, usableUntil: expiresAt - TOKEN_MARGIN_MS });
    return body.token;
  }

  return {
    /** The installation's token: the one held while it is good, else a new one from GitHub. */
    async tokenFor(installationId: number): Promise<string> {
      const held = tokens.get(installationId);
      if (held && held.usableUntil > now()) return held.token;
      let pending = asking.get(installationId);
      if (!pending) {
        pending = ask(installationId).finally(() => asking.delete(installationId));
        asking.set(installationId, pending);
      }
      return pending;
    },
  };
}

export type InstallationTokens = ReturnType<typeof createInstallationTokens>;
