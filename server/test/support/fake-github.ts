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
    if (req.method === 'POST' && url.pathname === '/graphql') return this.graphql(req, res, record);
    const contributors = /^\/repos\/([^/]+\/[^/]+)\/contributors$/.exec(url.pathname);
    if (req.method === 'GET' && contributors)
      return this.contributors(contributors[1] ?? '', url, req, res, record);
    const repoRead = /^\/repos\/([^/]+\/[^/]+)\/(issues|pulls)$/.exec(url.pathname);
    if (req.method === 'GET' && repoRead)
      return this.repoRead(repoRead[1] ?? '', repoRead[2] as 'issues' | 'pulls', req, res, record);

    const repository = /^\/repos\/([^/]+\/[^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && repository) return this.repositoryRead(repository[1] ?? '', res, record);

    const profile = /^\/users\/([^/]+)(\/repos)?$/.exec(url.pathname);
    if (req.method === 'GET' && profile) {
      const user = this.findUser(decodeURIComponent(profile[1] ?? ''));
      if (!user)
        return json(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
      return profile[2] ? this.userRepos(user, url, res) : json(res, 200, publicProfile(user));
    }

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

  /** GET /repos/:owner/:name: REST's view of a repository in `repositories` (moderators' figures on demand). */
  private repositoryRead(repoExt: string, res: ServerResponse, record: FakeGitHub['requests'][number]): void {
    const found = [...this.repositories].find(([name]) => name.toLowerCase() === repoExt.toLowerCase());
    if (!found) {
      record.status = 404;
      return json(res, 404, {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest/repos/repos#get-a-repository',
      });
    }
    const [name, repo] = found;
    record.status = 200;
    json(
      res,
      200,
      {
        full_name: name,
        stargazers_count: repo.stargazerCount,
        forks_count: repo.forkCount,
        description: repo.description ?? null,
        language: repo.language ?? null,
        archived: repo.isArchived ?? false,
        pushed_at: repo.pushedAt ?? null,
        license: repo.license ? { spdx_id: repo.license.spdxId, name: repo.license.name } : null,
      },
      this.rateHeaders('core'),
    );
  }

  /** Sync environment: the fake's token and URLs, ecosyste.ms elsewhere. */
  syncEnv(): NodeJS.ProcessEnv {
    return { GITHUB_API_URL: this.url, GITHUB_TOKEN: this.apiToken, GITHUB_TIMEOUT_MS: '2000' };
  }

  private findRepository(repoExt: string): FakeRepository | undefined {
    return [...this.repositories].find(([name]) => name.toLowerCase() === repoExt.toLowerCase())?.[1];
  }

  private takeFault(endpoint: FakeFault['endpoint']): FakeFault | undefined {
    const index = this.faults.findIndex((f) => f.endpoint === endpoint);
    return index === -1 ? undefined : this.faults.splice(index, 1)[0];
  }

  private rateHeaders(resource: 'core' | 'graphql'): Record<string, string> {
    const budget = this.budgets[resource];
    return {
      'x-ratelimit-limit': String(budget.limit),
      'x-ratelimit-remaining': String(budget.remaining),
      'x-ratelimit-reset': String(budget.reset),
      'x-ratelimit-used': String(budget.limit - budget.remaining),
      'x-ratelimit-resource': resource,
    };
  }

  /** GitHub's answers to a fault: a 502, a secondary limit, or a spent primary budget. */
  private answerFault(
    fault: FakeFault,
    resource: 'core' | 'graphql',
    res: ServerResponse,
    record: FakeGitHub['requests'][number],
  ): void {
    if (fault.answer === 'bad-gateway') {
      record.status = 502;
      return json(res, 502, { message: 'Server Error' });
    }
    if (fault.answer === 'secondary-limit') {
      record.status = 403;
      return json(
        res,
        403,
        {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000000:0000000:00000000.',
          documentation_url:
            'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
        },
        {
          ...this.rateHeaders(resource),
          ...(fault.retryAfterSeconds !== undefined
            ? { 'retry-after': String(fault.retryAfterSeconds) }
            : {}),
        },
      );
    }
    this.budgets[resource].remaining = 0;
    this.budgets[resource].reset = nowSeconds() + (fault.resetInSeconds ?? 3600);
    return this.primaryLimit(resource, res, record);
  }

  /** A spent budget: REST answers 403, GraphQL 200 with a RATE_LIMITED error, both with the reset time. */
  private primaryLimit(
    resource: 'core' | 'graphql',
    res: ServerResponse,
    record: FakeGitHub['requests'][number],
  ): void {
    const headers = this.rateHeaders(resource);
    if (resource === 'graphql') {
      record.status = 200;
      return json(
        res,
        200,
        { errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user ID 1001.' }] },
        headers,
      );
    }
    record.status = 403;
    json(
      res,
      403,
      {
        message: 'API rate limit exceeded for user ID 1001.',
        documentation_url:
          'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-primary-rate-limits',
      },
      headers,
    );
  }

  /**
   * POST /graphql for the sync's own query shape: aliased `rN: repository(owner: $oN, name: $nN)` fields
   * with a CatalogueFields fragment, an issues count filtered by `labels: $var`, and `rateLimit`. Answers
   * like GitHub: data with null for repositories it cannot resolve, and a NOT_FOUND error naming the alias.
   */
  private async graphql(
    req: IncomingMessage,
    res: ServerResponse,
    record: FakeGitHub['requests'][number],
  ): Promise<void> {
    if (req.headers.authorization !== `Bearer ${this.apiToken}`) {
      record.status = 401;
      return json(res, 401, {
        message: 'This endpoint requires you to be authenticated.',
        documentation_url:
          'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql',
      });
    }
    const body = JSON.parse((await readBody(req)) || '{}') as {
      query?: string;
      variables?: Record<string, unknown>;
    };
    const query = body.query ?? '';
    const variables = body.variables ?? {};
    const aliases = [
      ...query.matchAll(/\b(\w+)\s*:\s*repository\(\s*owner:\s*\$(\w+)\s*,\s*name:\s*\$(\w+)\s*\)/g),
    ].map((m) => ({
      alias: m[1] ?? '',
      repo: `${String(variables[m[2] ?? ''])}/${String(variables[m[3] ?? ''])}`,
    }));
    const labelled = /(\w+)\s*:\s*issues\(\s*states:\s*OPEN\s*,\s*labels:\s*\$(\w+)\s*\)/.exec(query);
    const labelsVar = labelled ? variables[labelled[2] ?? ''] : undefined;
    const beginnerLabels = Array.isArray(labelsVar) ? labelsVar.map(String) : [];
    const points = graphqlPoints(query, aliases.length);
    const entry = { repos: aliases.map((a) => a.repo), beginnerLabels, status: 200, points };
    this.graphqlQueries.push(entry);

    const fault = this.takeFault('graphql');
    if (fault) {
      this.answerFault(fault, 'graphql', res, record);
      entry.status = record.status ?? 200;
      return;
    }
    const budget = this.budgets.graphql;
    if (budget.remaining <= 0) {
      this.primaryLimit('graphql', res, record);
      return;
    }
    budget.remaining = Math.max(0, budget.remaining - points);

    const data: Record<string, unknown> = {};
    const errors: unknown[] = [];
    if (/\brateLimit\s*\{/.test(query)) {
      data.rateLimit = {
        remaining: budget.remaining,
        resetAt: new Date(budget.reset * 1000).toISOString(),
        cost: points,
      };
    }
    const wanted = new Set(beginnerLabels.map((l) => l.toLowerCase()));
    for (const { alias, repo: repoExt } of aliases) {
      const repo = this.findRepository(repoExt);
      if (!repo) {
        data[alias] = null;
        errors.push({
          type: 'NOT_FOUND',
          path: [alias],
          locations: [{ line: 1, column: 1 }],
          message: `Could not resolve to a Repository with the name '${repoExt}'.`,
        });
        continue;
      }
      const open = (repo.issues ?? []).filter((issue) => (issue.state ?? 'OPEN') === 'OPEN');
      const issues = repo.openIssueLabels ?? open.map((issue) => issue.labels);
      data[alias] = {
        ...issueFields(query, repo, wanted),
        stargazerCount: repo.stargazerCount,
        forkCount: repo.forkCount,
        isArchived: repo.isArchived ?? false,
        pushedAt: repo.pushedAt ?? null,
        description: repo.description ?? null,
        primaryLanguage: repo.language ? { name: repo.language } : null,
        licenseInfo: repo.license ?? null,
        repositoryTopics: { nodes: (repo.topics ?? []).map((name) => ({ topic: { name } })) },
        issues: { totalCount: issues.length },
        [labelled?.[1] ?? 'beginnerIssues']: {
          totalCount: issues.filter((labels) => labels.some((l) => wanted.has(l.toLowerCase()))).length,
        },
      };
    }
    record.status = 200;
    json(res, 200, errors.length > 0 ? { data, errors } : { data }, this.rateHeaders('graphql'));
  }

  /**
   * GET /repos/:owner/:name/contributors: paginated with a Link header (first, prev, next, last), 204 for a
   * repository without commits, an ETag over the page, and 304 (free of rate limit) when it matches.
   */
  private async contributors(
    repoExt: string,
    url: URL,
    req: IncomingMessage,
    res: ServerResponse,
    record: FakeGitHub['requests'][number],
  ): Promise<void> {
    if (this.contributorsDelayMs > 0) await new Promise((r) => setTimeout(r, this.contributorsDelayMs));
    if (res.destroyed) return;
    const fault = this.takeFault('contributors');
    if (fault) return this.answerFault(fault, 'core', res, record);
    const budget = this.budgets.core;
    if (budget.remaining <= 0) return this.primaryLimit('core', res, record);
    const repo = this.findRepository(repoExt);
    if (!repo) {
      budget.remaining -= 1;
      record.status = 404;
      return json(
        res,
        404,
        {
          message: 'Not Found',
          documentation_url: 'https://docs.github.com/rest/repos/repos#list-repository-contributors',
        },
        this.rateHeaders('core'),
      );
    }
    const all = (repo.contributors ?? []).map((c, i) => ({
      login: c.login,
      id: 5000 + i,
      type: 'User',
      contributions: c.contributions,
    }));
    if (all.length === 0) {
      budget.remaining -= 1;
      record.status = 204;
      res.writeHead(204, this.rateHeaders('core')).end();
      return;
    }
    const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page') ?? 30), 1), 100);
    const page = Math.max(Number(url.searchParams.get('page') ?? 1), 1);
    const pages = Math.ceil(all.length / perPage);
    const body = all.slice((page - 1) * perPage, page * perPage);
    const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      record.status = 304;
      res.writeHead(304, { etag, ...this.rateHeaders('core') }).end();
      return;
    }
    budget.remaining -= 1;
    const link = (n: number, rel: string) => {
      const target = new URL(`https://api.github.com/repositories/1/contributors`);
      url.searchParams.forEach((value, key) => target.searchParams.set(key, value));
      target.searchParams.set('page', String(n));
      return `<${target}>; rel="${rel}"`;
    };
    const links = [
      ...(page > 1 ? [link(page - 1, 'prev')] : []),
      ...(page < pages ? [link(page + 1, 'next'), link(pages, 'last')] : []),
      ...(page > 1 ? [link(1, 'first')] : []),
    ];
    record.status = 200;
    json(res, 200, body, {
      etag,
      ...this.rateHeaders('core'),
      ...(links.length > 0 ? { link: links.join(', ') } : {}),
    });
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

  /** A user by login, ignoring case: one in `users`, one who signed in, or the next to sign in. */
  private findUser(login: string): FakeGitHubUser | undefined {
    const all = [...this.users.values(), ...this.tokens.values(), this.nextUser];
    return all.find((user) => user.login.toLowerCase() === login.toLowerCase());
  }

  /**
   * GET /users/:login/repos: the user's public repositories in GitHub's shape, `type=owner` (the default) and
   * `sort=pushed` as asked (the fake keeps its own order), one page of `per_page` (at most 100).
   */
  private userRepos(user: FakeGitHubUser, url: URL, res: ServerResponse): void {
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
    const page = Number(url.searchParams.get('page') ?? 1);
    const all = (user.repos ?? []).filter((r) => !r.private);
    const slice = all.slice((page - 1) * perPage, page * perPage).map((r) => ({
      id: hashId(`${user.login}/${r.name}`),
      name: r.name,
      full_name: `${user.login}/${r.name}`,
      private: false,
      owner: { login: user.login, id: user.id, type: 'User' },
      html_url: `https://github.com/${user.login}/${r.name}`,
      description: r.description ?? null,
      fork: r.fork ?? false,
      language: r.language ?? null,
      stargazers_count: r.stars ?? 0,
      topics: r.topics ?? [],
      visibility: 'public',
    }));
    const headers: Record<string, string> = { ...this.rateHeaders('core') };
    if (page * perPage < all.length) {
      const next = new URL(url);
      next.searchParams.set('page', String(page + 1));
      headers.link = `<${next}>; rel="next"`;
    }
    json(res, 200, slice, headers);
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
      topics: r.topics ?? [],
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

/** GET /users/:login: a public profile as GitHub gives it to anyone (public repositories counted). */
function publicProfile(user: FakeGitHubUser) {
  return {
    login: user.login,
    id: user.id,
    avatar_url: user.avatar_url,
    html_url: `https://github.com/${user.login}`,
    type: 'User',
    name: user.name,
    public_repos: (user.repos ?? []).filter((r) => !r.private).length,
    followers: 0,
    following: 0,
    created_at: '2020-01-01T00:00:00Z',
  };
}

/** A stable numeric id for a name. */
function hashId(name: string): number {
  return createHash('sha1').update(name).digest().readUInt32BE(0);
}

/**
 * GitHub's cost of a query (docs: "Calculating a rate limit score"): every connection is one request, a nested
 * connection one per node its parent may return (its `first`/`last`), the sum divided by 100, at least 1. Read
 * off the sync's query shape: per repository its topics and two counts, the beginner issue list with the
 * connections of each issue, and the recent issues with their comments.
 */
export function graphqlPoints(query: string, repositories: number): number {
  const fragment = (name: string) =>
    new RegExp(`fragment ${name} on \\w+ \\{([\\s\\S]*?)\\n\\}`).exec(query)?.[1] ?? '';
  const catalogue = fragment('CatalogueFields');
  const issueConnections = [...fragment('BeginnerIssueFields').matchAll(/\b(?:first|last):\s*\d+/g)].length;
  let perRepository = 3;
  const list = /beginnerIssueList:[^{]*?first:\s*(\d+)/.exec(catalogue);
  if (list) perRepository += 1 + Number(list[1]) * issueConnections;
  const recent = /recentIssues:[^{]*?first:\s*(\d+)/.exec(catalogue);
  if (recent) perRepository += 1 + Number(recent[1]);
  return Math.max(1, Math.round((perRepository * repositories) / 100));
}

/** The issue finder's fields of a repository, when the query asks for them. */
function issueFields(
  query: string,
  repo: FakeRepository,
  wanted: ReadonlySet<string>,
): Record<string, unknown> {
  if (!/beginnerIssueList\s*:/.test(query)) return {};
  const limit = Number(/beginnerIssueList:[^{]*?first:\s*(\d+)/.exec(query)?.[1] ?? 25);
  const newestFirst = [...(repo.issues ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const beginner = newestFirst.filter(
    (issue) => (issue.state ?? 'OPEN') === 'OPEN' && issue.labels.some((l) => wanted.has(l.toLowerCase())),
  );
  const pull = (p: NonNullable<FakeGraphQLIssue['pullRequests']>[number]) => ({
    number: p.number,
    url: `https://github.com/fake/fake/pull/${p.number}`,
    state: p.state,
    createdAt: p.createdAt,
    author: p.author ? { login: p.author } : null,
  });
  return {
    beginnerIssueList: {
      nodes: beginner.slice(0, limit).map((issue) => ({
        number: issue.number,
        title: issue.title,
        url: `https://github.com/fake/fake/issues/${issue.number}`,
        createdAt: issue.createdAt,
        updatedAt: issue.updatedAt ?? issue.createdAt,
        comments: { totalCount: issue.comments?.length ?? 0 },
        labels: { nodes: issue.labels.slice(0, 10).map((name) => ({ name, color: 'ededed' })) },
        assignees: { nodes: (issue.assignees ?? []).slice(0, 3).map((a) => ({ login: a.login })) },
        closedByPullRequestsReferences: {
          nodes: (issue.pullRequests ?? [])
            .filter((p) => p.via === 'closing' && p.state !== 'CLOSED')
            .slice(0, 3)
            .map(pull),
        },
        timelineItems: {
          nodes: [
            ...(issue.assignees ?? []).map((a) => ({
              __typename: 'AssignedEvent',
              createdAt: a.at,
              assignee: { login: a.login },
            })),
            ...(issue.pullRequests ?? [])
              .filter((p) => p.via === 'mention')
              .map((p) => ({
                __typename: 'CrossReferencedEvent',
                createdAt: p.createdAt,
                source: { __typename: 'PullRequest', ...pull(p) },
              })),
            ...(issue.comments ?? []).map((c) => ({
              __typename: 'IssueComment',
              createdAt: c.createdAt,
              authorAssociation: c.association,
              author: { login: c.author },
              body: c.body,
            })),
          ]
            .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
            .slice(-20),
        },
      })),
    },
    recentIssues: {
      nodes: newestFirst.slice(0, 30).map((issue) => ({
        createdAt: issue.createdAt,
        comments: {
          nodes: (issue.comments ?? []).slice(0, 10).map((c) => ({
            createdAt: c.createdAt,
            authorAssociation: c.association,
          })),
        },
      })),
    },
  };
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
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
