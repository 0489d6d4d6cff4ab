import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { graphql } from './fake-github/graphql.js';
import { nowSeconds } from './fake-github/clock.js';
import { json } from './fake-http.js';
import { deliver } from './fake-github/webhooks.js';
import { fakeApp, installationAccessToken } from './fake-github/app.js';
import { accessToken, authorize, publicUser, withUser, type IssuedCode } from './fake-github/oauth.js';
import {
  listContributors,
  publicProfile,
  listIssuesOrPulls,
  repos,
  repositoryRead,
  userRepos,
} from './fake-github/rest.js';
import type {
  FakeBudget,
  FakeFault,
  FakeGitHubUser,
  FakeIssue,
  FakePull,
  FakeRepository,
} from './fake-github/types.js';

export { graphqlPoints } from './fake-github/graphql.js';
export {
  installationEvent,
  installationRepositoriesEvent,
  issueCommentEvent,
  issuesEvent,
  pullRequestEvent,
  signedDelivery,
} from './fake-github/webhooks.js';
export type {
  FakeBudget,
  FakeFault,
  FakeGitHubUser,
  FakeGraphQLIssue,
  FakeIssue,
  FakePull,
  FakeRepository,
} from './fake-github/types.js';

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
  /** Repositories the catalogue sync reads (`owner/name`, any case), through GraphQL and /contributors. */
  readonly repositories = new Map<string, FakeRepository>();
  /** The token GraphQL accepts (GitHub's GraphQL API answers no anonymous request). */
  readonly apiToken = 'ghp_fakecataloguesynctoken';
  readonly budgets: { core: FakeBudget; graphql: FakeBudget } = {
    core: { limit: 5000, remaining: 5000, reset: nowSeconds() + 3600 },
    graphql: { limit: 5000, remaining: 5000, reset: nowSeconds() + 3600 },
  };
  /** Consumed in order: the first fault matching a request answers it. */
  readonly faults: FakeFault[] = [];
  /**
   * Each GraphQL query: the repositories it asked for (by alias order), the labels of its beginner count, and
   * the points it cost (GitHub's formula: see graphqlPoints).
   */
  readonly graphqlQueries: { repos: string[]; beginnerLabels: string[]; status: number; points: number }[] =
    [];
  /** Public profiles served at /users/:login (any case), beside the users who signed in. */
  readonly users = new Map<string, FakeGitHubUser>();
  /** Delay before answering /contributors (a slow GitHub, for interrupting a run). */
  contributorsDelayMs = 0;
  /** Codes the OAuth authorize step issued, and the tokens they were exchanged for (fake-github/oauth.ts). */
  readonly codes = new Map<string, IssuedCode>();
  readonly tokens = new Map<string, FakeGitHubUser>();
  private server!: Server;
  url = '';
  /** While set, every request is received and recorded but answered only once it resolves (a frozen GitHub). */
  private frozen: Promise<void> | null = null;
  private readonly waiters: { match: (path: string) => boolean; resolve: () => void }[] = [];

  /** Freezes GitHub: requests hang until the answer is called (or the client gives up). */
  freeze(): () => void {
    let thaw = () => {};
    this.frozen = new Promise<void>((resolve) => (thaw = resolve));
    return () => {
      this.frozen = null;
      thaw();
    };
  }

  /** Resolves when a request whose path `match` accepts arrives (or has arrived). */
  requestSeen(match: (path: string) => boolean): Promise<void> {
    if (this.requests.some((r) => match(r.path))) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

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

  /** The GitHub App: its key pair, installations and the installation tokens it issued (fake-github/app.ts). */
  readonly app = fakeApp();
  /** The token each GraphQL query came with, in order. */
  readonly graphqlTokens: string[] = [];

  /** The app's environment for the GitHub App (GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY). */
  appEnv(): NodeJS.ProcessEnv {
    return { GITHUB_APP_ID: this.app.id, GITHUB_APP_PRIVATE_KEY: this.app.privateKeyPem };
  }

  /** The secret the fake's webhook signs deliveries with (the app's GITHUB_WEBHOOK_SECRET). */
  webhookSecret = 'fake-webhook-secret-0123456789';

  /**
   * Sends a delivery to the app at `appUrl` as GitHub's webhook would: `payload` as JSON with GitHub's headers,
   * signed with `webhookSecret`. Payload builders: fake-github/webhooks.ts.
   */
  deliver(appUrl: string, event: string, payload: unknown, options: { deliveryId?: string } = {}) {
    return deliver(appUrl, this.webhookSecret, event, payload, options);
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
    for (const waiter of [...this.waiters]) {
      if (!waiter.match(record.path)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    if (this.frozen) await this.frozen;
    if (this.mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (this.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, this.slowMs).unref());
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
    if (req.method === 'POST' && url.pathname === '/graphql') return graphql(this, req, res, record);
    const installation = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(url.pathname);
    if (req.method === 'POST' && installation)
      return installationAccessToken(this, Number(installation[1]), req, res);
    const contributors = /^\/repos\/([^/]+\/[^/]+)\/contributors$/.exec(url.pathname);
    if (req.method === 'GET' && contributors)
      return listContributors(this, contributors[1] ?? '', url, req, res, record);
    const repoRead = /^\/repos\/([^/]+\/[^/]+)\/(issues|pulls)$/.exec(url.pathname);
    if (req.method === 'GET' && repoRead)
      return listIssuesOrPulls(this, repoRead[1] ?? '', repoRead[2] as 'issues' | 'pulls', req, res, record);

    const repository = /^\/repos\/([^/]+\/[^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && repository) return repositoryRead(this, repository[1] ?? '', res, record);

    const profile = /^\/users\/([^/]+)(\/repos)?$/.exec(url.pathname);
    if (req.method === 'GET' && profile) {
      const user = this.findUser(decodeURIComponent(profile[1] ?? ''));
      if (!user)
        return json(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
      return profile[2] ? userRepos(this, user, url, res) : json(res, 200, publicProfile(user));
    }

    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') return authorize(this, url, res);
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token')
      return accessToken(this, req, res);
    if (req.method === 'GET' && url.pathname === '/user')
      return withUser(this, req, res, (user) => json(res, 200, publicUser(user)));
    if (req.method === 'GET' && url.pathname === '/user/repos')
      return withUser(this, req, res, (user) => repos(this, user, url, res));
    json(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  }

  /** Sync environment: the fake's token and URLs, ecosyste.ms elsewhere. */
  syncEnv(): NodeJS.ProcessEnv {
    return { GITHUB_API_URL: this.url, GITHUB_TOKEN: this.apiToken, GITHUB_TIMEOUT_MS: '2000' };
  }

  /** A repository of `repositories` by `owner/name`, ignoring case. */
  findRepository(repoExt: string): FakeRepository | undefined {
    return [...this.repositories].find(([name]) => name.toLowerCase() === repoExt.toLowerCase())?.[1];
  }

  /** A user by login, ignoring case: one in `users`, one who signed in, or the next to sign in. */
  private findUser(login: string): FakeGitHubUser | undefined {
    const all = [...this.users.values(), ...this.tokens.values(), this.nextUser];
    return all.find((user) => user.login.toLowerCase() === login.toLowerCase());
  }
}
