import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

interface IssuedCode {
  user: FakeGitHubUser;
  redirectUri: string;
  challenge: string;
  used: boolean;
  expiresAt: number;
}

/**
 * A local stand-in for github.com and api.github.com speaking the endpoints sign-in uses, with GitHub's
 * status codes and error bodies: /login/oauth/authorize (consents as `nextUser`, or denies), the code
 * exchange with PKCE S256 checks, /user and /user/repos with Link pagination. `mode` simulates an outage.
 */
export class FakeGitHub {
  readonly clientId = 'Iv1.fakeclientid';
  readonly clientSecret = 'fake-client-secret';
  nextUser: FakeGitHubUser = {
    id: 1001,
    login: 'octocat',
    name: 'The Octocat',
    avatar_url: 'https://avatars.githubusercontent.com/u/1001',
  };
  consent: 'approve' | 'deny' = 'approve';
  mode: 'up' | 'down' | 'slow' | 'rate-limited' = 'up';
  /** Open issues and pull requests per repository (`owner/name`, any case), for the REST repository reads. */
  readonly repoData = new Map<string, { issues: FakeIssue[]; pulls: FakePull[] }>();
  slowMs = 2000;
  readonly requests: { method: string; path: string; ifNoneMatch?: string; status?: number }[] = [];
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, FakeGitHubUser>();
  private server!: Server;
  url = '';

  /** Listens on loopback: on `port`, or on a free one. */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Revokes every token, as a user revoking the OAuth app on github.com would. */
  revokeAllTokens(): void {
    this.tokens.clear();
  }

  env(): NodeJS.ProcessEnv {
    return {
      GITHUB_CLIENT_ID: this.clientId,
      GITHUB_CLIENT_SECRET: this.clientSecret,
      GITHUB_OAUTH_URL: this.url,
      GITHUB_API_URL: this.url,
      GITHUB_TIMEOUT_MS: '500',
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const ifNoneMatch = req.headers['if-none-match'];
    const record: FakeGitHub['requests'][number] = {
      method: req.method ?? 'GET',
      path: url.pathname,
      ...(ifNoneMatch ? { ifNoneMatch } : {}),
    };
    this.requests.push(record);
    if (this.mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (this.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, this.slowMs));
    if (res.destroyed) return;
    if (this.mode === 'rate-limited') {
      const reset = Math.floor(Date.now() / 1000) + 600;
      return json(
        res,
        403,
        { message: 'API rate limit exceeded', documentation_url: 'https://docs.github.com/rest' },
        {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(reset),
        },
      );
    }
    const repoRead = /^\/repos\/([^/]+\/[^/]+)\/(issues|pulls)$/.exec(url.pathname);
    if (req.method === 'GET' && repoRead)
      return this.repoRead(repoRead[1] ?? '', repoRead[2] as 'issues' | 'pulls', req, res, record);

    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') return this.authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token')
      return this.accessToken(req, res);
    if (req.method === 'GET' && url.pathname === '/user')
      return this.withUser(req, res, (user) => json(res, 200, publicUser(user)));
    if (req.method === 'GET' && url.pathname === '/user/repos')
      return this.withUser(req, res, (user) => this.repos(user, url, res));
    json(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  }

  /** GitHub's conditional requests: the same content has the same ETag, and If-None-Match on it is a 304. */
  private repoRead(
    repoExt: string,
    kind: 'issues' | 'pulls',
    req: IncomingMessage,
    res: ServerResponse,
    record: FakeGitHub['requests'][number],
  ): void {
    const repo = [...this.repoData].find(([name]) => name.toLowerCase() === repoExt.toLowerCase())?.[1];
    if (!repo)
      return json(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    // GitHub lists pull requests among the issues too, marked with a pull_request field.
    const body =
      kind === 'issues'
        ? [
            ...repo.issues,
            ...repo.pulls.map((p) => ({
              ...p,
              html_url: `https://github.com/${repoExt}/pull/${p.number}`,
              labels: [],
              comments: 0,
              created_at: '2026-01-01T00:00:00Z',
              user: null,
              assignee: null,
              pull_request: {},
            })),
          ]
        : repo.pulls;
    const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      record.status = 304;
      res.writeHead(304, { etag }).end();
      return;
    }
    record.status = 200;
    json(res, 200, body, { etag });
  }

  private authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== this.clientId) return json(res, 404, { message: 'Not Found' });
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      return json(res, 400, { message: 'code_challenge and code_challenge_method=S256 are required' });
    }
    const back = new URL(redirectUri);
    if (this.consent === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied your application access.');
    } else {
      const code = randomBytes(10).toString('hex');
      this.codes.set(code, {
        user: this.nextUser,
        redirectUri,
        challenge: q.get('code_challenge') ?? '',
        used: false,
        expiresAt: Date.now() + 10 * 60 * 1000,
      });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: back.toString() }).end();
  }

  private async accessToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, string | undefined>;
    if (body.client_id !== this.clientId || body.client_secret !== this.clientSecret) {
      return json(
        res,
        200,
        oauthError(
          'incorrect_client_credentials',
          'The client_id and/or client_secret passed are incorrect.',
        ),
      );
    }
    const issued = body.code ? this.codes.get(body.code) : undefined;
    if (!issued || issued.used || issued.expiresAt < Date.now()) {
      return json(res, 200, oauthError('bad_verification_code', 'The code passed is incorrect or expired.'));
    }
    if (body.redirect_uri !== issued.redirectUri) {
      return json(
        res,
        200,
        oauthError(
          'redirect_uri_mismatch',
          'The redirect_uri MUST match the registered callback URL for this application.',
        ),
      );
    }
    const challenge = createHash('sha256')
      .update(body.code_verifier ?? '')
      .digest('base64url');
    if (challenge !== issued.challenge) {
      return json(
        res,
        200,
        oauthError('bad_verification_code', 'The code_verifier does not match the code_challenge.'),
      );
    }
    issued.used = true;
    const token = `gho_${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, issued.user);
    json(res, 200, { access_token: token, token_type: 'bearer', scope: '' });
  }

  private withUser(req: IncomingMessage, res: ServerResponse, then: (user: FakeGitHubUser) => void): void {
    const token = /^(?:Bearer|token) (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const user = token ? this.tokens.get(token) : undefined;
    if (!user)
      return json(res, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
      });
    then(user);
  }

  private repos(user: FakeGitHubUser, url: URL, res: ServerResponse): void {
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
    const page = Number(url.searchParams.get('page') ?? 1);
    const all = (user.repos ?? []).filter(
      (r) => !r.private || url.searchParams.get('visibility') !== 'public',
    );
    const slice = all.slice((page - 1) * perPage, page * perPage).map((r) => ({
      name: r.name,
      full_name: `${user.login}/${r.name}`,
      html_url: `https://github.com/${user.login}/${r.name}`,
      description: r.description ?? null,
      language: r.language ?? null,
      stargazers_count: r.stars ?? 0,
      private: r.private ?? false,
    }));
    const headers: Record<string, string> = {};
    if (page * perPage < all.length) {
      const next = new URL(url);
      next.searchParams.set('page', String(page + 1));
      headers.link = `<${next}>; rel="next"`;
    }
    json(res, 200, slice, headers);
  }
}

function publicUser(user: FakeGitHubUser) {
  return {
    id: user.id,
    login: user.login,
    name: user.name,
    avatar_url: user.avatar_url,
    html_url: `https://github.com/${user.login}`,
  };
}

function oauthError(error: string, description: string) {
  return { error, error_description: description, error_uri: 'https://docs.github.com/apps/troubleshooting' };
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    .end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
