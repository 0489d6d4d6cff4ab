import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { FakeGitHub } from './support/fake-github.js';
import { consent, CookieJar, get, postLogin, signIn, startSignIn } from './support/sign-in.js';

const SESSION = 'openlfg_session';
const OAUTH = 'openlfg_oauth';

let github: FakeGitHub;
let t: TestApp;

beforeAll(async () => {
  github = await new FakeGitHub().start();
  t = await createTestApp({ env: github.env() });
});
afterAll(async () => {
  await t.close();
  await github.stop();
});
afterEach(() => {
  github.mode = 'up';
  github.consent = 'approve';
  github.nextUser = {
    id: 1001,
    login: 'octocat',
    name: 'The Octocat',
    avatar_url: 'https://avatars.githubusercontent.com/u/1001',
  };
});

describe('GET /api/account/authorize', () => {
  it('redirects to GitHub with a fresh state, a PKCE S256 challenge and no scope', async () => {
    const jar = new CookieJar();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/authorize?returnTo=%2Fgroup-projects',
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(location.searchParams.get('client_id')).toBe(github.clientId);
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.has('scope')).toBe(false);
    expect(location.searchParams.has('login')).toBe(false);

    const cookie = res.cookies.find((c) => c.name === OAUTH);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 600 });
    expect(cookie?.secure).toBeFalsy();
    // The verifier never travels to GitHub, only its hash does.
    jar.store(res);
    const second = await startSignIn(t.app, jar);
    expect(second.searchParams.get('state')).not.toBe(location.searchParams.get('state'));
  });
});

describe('signing in with GitHub', () => {
  it('exchanges the code, records the user and starts a session', async () => {
    const jar = new CookieJar();
    const res = await signIn(t.app, jar, '/my-projects?view=groups');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), returnTo: '/my-projects?view=groups' });
    const session = res.cookies.find((c) => c.name === SESSION);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(res.cookies.find((c) => c.name === OAUTH)?.value).toBe('');

    expect((await get(t.app, jar, '/api/account/check-auth')).json()).toEqual({
      authenticated: true,
      devSignIn: false,
    });
    expect((await get(t.app, jar, '/api/account/user-info')).json()).toEqual({
      user: {
        id: expect.any(Number),
        login: 'octocat',
        name: 'The Octocat',
        avatarUrl: 'https://avatars.githubusercontent.com/u/1001',
        profileUrl: 'https://github.com/octocat',
      },
    });
  });

  it('keeps the GitHub token encrypted at rest and out of every answer', async () => {
    const jar = new CookieJar();
    const res = await signIn(t.app, jar);
    const row = await t.database.db
      .selectFrom('users')
      .select('github_token_encrypted')
      .where('github_id', '=', 1001)
      .executeTakeFirstOrThrow();
    expect(row.github_token_encrypted).toMatch(/^v1\./);
    expect(row.github_token_encrypted).not.toContain('gho_');
    expect(res.body).not.toContain('gho_');
  });

  it('updates a returning user instead of duplicating them', async () => {
    github.nextUser = { ...github.nextUser, name: 'Renamed Octocat' };
    await signIn(t.app, new CookieJar());
    const rows = await t.database.db
      .selectFrom('users')
      .select(['name'])
      .where('github_id', '=', 1001)
      .execute();
    expect(rows).toEqual([{ name: 'Renamed Octocat' }]);
  });

  it('gives the login to its new owner when a GitHub user was renamed', async () => {
    github.nextUser = {
      id: 2002,
      login: 'octocat',
      name: 'New owner of the name',
      avatar_url: 'https://avatars.githubusercontent.com/u/2002',
    };
    const res = await signIn(t.app, new CookieJar());
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('users')
      .select(['github_id', 'login'])
      .where('github_id', 'in', [1001, 2002])
      .orderBy('github_id')
      .execute();
    expect(rows).toEqual([
      { github_id: 1001, login: 'octocat~1001' },
      { github_id: 2002, login: 'octocat' },
    ]);
  });

  it('has no code to exchange when the user denies consent', async () => {
    github.consent = 'deny';
    const jar = new CookieJar();
    const back = await consent(t.app, await startSignIn(t.app, jar));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);
    const res = await postLogin(t.app, jar, { state: back.searchParams.get('state') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'body.code is required' });
  });

  it('refuses a code GitHub does not know', async () => {
    const jar = new CookieJar();
    const back = await consent(t.app, await startSignIn(t.app, jar));
    const res = await postLogin(t.app, jar, {
      code: 'not-a-real-code',
      state: back.searchParams.get('state'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'SIGN_IN_FAILED',
      message: 'GitHub did not accept this sign-in. Please sign in again.',
    });
    expect(res.cookies.find((c) => c.name === SESSION)).toBeUndefined();
  });

  it('refuses a code issued for another sign-in (PKCE verifier mismatch)', async () => {
    const first = new CookieJar();
    const codeForFirst = (await consent(t.app, await startSignIn(t.app, first))).searchParams.get('code');
    const second = new CookieJar();
    const secondState = (await startSignIn(t.app, second)).searchParams.get('state');
    const res = await postLogin(t.app, second, { code: codeForFirst, state: secondState });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SIGN_IN_FAILED');
  });

  it.each([
    ['down', 'down' as const],
    ['slower than the timeout', 'slow' as const],
  ])('answers 502 and starts no session when GitHub is %s', async (_label, mode) => {
    const jar = new CookieJar();
    const back = await consent(t.app, await startSignIn(t.app, jar));
    github.mode = mode;
    const res = await postLogin(t.app, jar, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'GitHub could not be reached. Please try again in a moment.',
    });
    expect(res.cookies.find((c) => c.name === SESSION)).toBeUndefined();
  });
});

describe('the OAuth state', () => {
  it('must match the one this browser started with', async () => {
    const jar = new CookieJar();
    const back = await consent(t.app, await startSignIn(t.app, jar));
    const res = await postLogin(t.app, jar, {
      code: back.searchParams.get('code'),
      state: 'someone-elses-state',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This sign-in does not match the one you started. Please sign in again.',
    );
  });

  it('must be present (a sign-in started in another browser)', async () => {
    const starter = new CookieJar();
    const back = await consent(t.app, await startSignIn(t.app, starter));
    const res = await postLogin(t.app, new CookieJar(), {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This sign-in has expired or was started in another browser. Please sign in again.',
    );
  });

  it('cannot be forged: a cookie without our signature is ignored', async () => {
    const jar = new CookieJar();
    jar.set(
      OAUTH,
      JSON.stringify({ state: 's', verifier: 'v', returnTo: '/', expiresAt: Date.now() + 60000 }),
    );
    const res = await postLogin(t.app, jar, { code: 'c', state: 's' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/expired or was started in another browser/);
  });

  it('expires after ten minutes', async () => {
    const jar = new CookieJar();
    const stale = {
      state: 'stale-state',
      verifier: 'v'.repeat(64),
      returnTo: '/',
      expiresAt: Date.now() - 1,
    };
    jar.set(OAUTH, t.app.signCookie(JSON.stringify(stale)));
    const res = await postLogin(t.app, jar, { code: 'c', state: 'stale-state' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This sign-in took too long. Please sign in again.');
  });

  it('works once: replaying a completed sign-in is refused', async () => {
    const jar = new CookieJar();
    const back = await consent(t.app, await startSignIn(t.app, jar));
    const replayJar = new CookieJar();
    replayJar.set(OAUTH, jar.get(OAUTH) ?? '');
    const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    expect((await postLogin(t.app, jar, body)).statusCode).toBe(200);
    const replay = await postLogin(t.app, replayJar, body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe('This sign-in was already completed. Please sign in again.');
  });
});

describe('returnTo', () => {
  it.each([
    ['https://evil.example/steal', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    // Paths that normalise to a protocol-relative "//host", which a browser would leave the site for.
    ['/.//evil.example', '/'],
    ['/..//evil.example', '/'],
    ['/%2e%2e//evil.example', '/'],
    ['/a/..//evil.example', '/'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['javascript:alert(1)', '/'],
    ['/%0d%0aSet-Cookie:x=1', '/%0d%0aSet-Cookie:x=1'],
    ['/ spaced', '/'],
    ['/api/account/logout', '/'],
    ['/%61pi/account/logout', '/'],
    ['/my-projects?view=groups#top', '/my-projects?view=groups#top'],
  ])('%s comes back as %s', async (returnTo, expected) => {
    const res = await signIn(t.app, new CookieJar(), returnTo);
    expect(res.statusCode).toBe(200);
    expect(res.json().returnTo).toBe(expected);
  });
});

describe('sessions', () => {
  it('get a new id at every sign-in, ending the one the browser held', async () => {
    const jar = new CookieJar();
    await signIn(t.app, jar);
    const first = jar.get(SESSION);
    await signIn(t.app, jar);
    const second = jar.get(SESSION);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const old = new CookieJar();
    old.set(SESSION, first ?? '');
    expect((await get(t.app, old, '/api/account/user-info')).statusCode).toBe(403);
    expect((await get(t.app, jar, '/api/account/user-info')).statusCode).toBe(200);
  });

  it('end at logout: the cookie is cleared and the old id no longer works', async () => {
    const jar = new CookieJar();
    await signIn(t.app, jar);
    const id = jar.get(SESSION) ?? '';
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/logout',
      headers: { ...jsonHeaders, cookie: jar.header() },
      payload: {},
    });
    expect(res.statusCode).toBe(204);
    jar.store(res);
    expect(jar.get(SESSION)).toBeUndefined();

    const replay = new CookieJar();
    replay.set(SESSION, id);
    const after = await get(t.app, replay, '/api/account/user-info');
    expect(after.statusCode).toBe(403);
    expect(after.json().error).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'Your session has expired. Please sign in again.',
    });
    expect((await get(t.app, replay, '/api/account/check-auth')).json()).toEqual({
      authenticated: false,
      devSignIn: false,
    });
  });

  it.each([
    ['idle too long', { last_seen_at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) }],
    ['past their absolute lifetime', { expires_at: new Date(Date.now() - 1000) }],
  ])('expire when %s: 403, and the stale cookie is cleared', async (_label, change) => {
    const jar = new CookieJar();
    await signIn(t.app, jar);
    expect((await get(t.app, jar, '/api/account/user-info')).statusCode).toBe(200);
    await t.database.db.updateTable('sessions').set(change).where('ended_at', 'is', null).execute();
    const res = await get(t.app, jar, '/api/account/user-info');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SESSION_EXPIRED');
    jar.store(res);
    expect(jar.get(SESSION)).toBeUndefined();
    expect((await get(t.app, jar, '/api/account/user-info')).statusCode).toBe(401);
  });

  it('answers 401 to a request without one', async () => {
    const res = await get(t.app, new CookieJar(), '/api/account/user-info');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Sign in with GitHub to do this.' });
    expect((await get(t.app, new CookieJar(), '/api/account/check-auth')).json()).toEqual({
      authenticated: false,
      devSignIn: false,
    });
  });
});

describe('GET /api/account/public-repos', () => {
  it('lists the public repositories across GitHub pages, then serves them from the cache', async () => {
    github.nextUser = {
      id: 3003,
      login: 'prolific',
      name: null,
      avatar_url: 'https://avatars.githubusercontent.com/u/3003',
      repos: [
        ...Array.from({ length: 150 }, (_, i) => ({ name: `repo-${i}`, language: 'TypeScript', stars: i })),
        { name: 'secret', private: true },
      ],
    };
    const jar = new CookieJar();
    await signIn(t.app, jar);
    const res = await get(t.app, jar, '/api/account/public-repos');
    expect(res.statusCode).toBe(200);
    const { repos } = res.json() as { repos: { name: string }[] };
    expect(repos).toHaveLength(150);
    expect(repos[1]).toEqual({
      name: 'repo-1',
      fullName: 'prolific/repo-1',
      url: 'https://github.com/prolific/repo-1',
      description: null,
      language: 'TypeScript',
      stars: 1,
      topics: [],
    });
    expect(repos.some((r) => r.name === 'secret')).toBe(false);

    const before = github.requests.filter((r) => r.path === '/user/repos').length;
    expect((await get(t.app, jar, '/api/account/public-repos')).json().repos).toHaveLength(150);
    expect(github.requests.filter((r) => r.path === '/user/repos').length).toBe(before);
  });

  it('serves the last known list when GitHub is down', async () => {
    github.nextUser = {
      id: 4004,
      login: 'steady',
      name: null,
      avatar_url: 'https://avatars.githubusercontent.com/u/4004',
      repos: [{ name: 'only' }],
    };
    const jar = new CookieJar();
    await signIn(t.app, jar);
    expect((await get(t.app, jar, '/api/account/public-repos')).json().repos).toHaveLength(1);
    await t.database.db
      .updateTable('github_repo_cache')
      .set({ fetched_at: new Date(Date.now() - 60 * 60 * 1000) })
      .execute();
    github.mode = 'down';
    const res = await get(t.app, jar, '/api/account/public-repos');
    expect(res.statusCode).toBe(200);
    expect(res.json().repos.map((r: { name: string }) => r.name)).toEqual(['only']);
  });

  it('answers 502 when GitHub is down and nothing is cached, and 403 when GitHub revoked the token', async () => {
    github.nextUser = {
      id: 5005,
      login: 'fresh',
      name: null,
      avatar_url: 'https://avatars.githubusercontent.com/u/5005',
    };
    const jar = new CookieJar();
    await signIn(t.app, jar);
    github.mode = 'down';
    expect((await get(t.app, jar, '/api/account/public-repos')).statusCode).toBe(502);
    github.mode = 'up';
    github.revokeAllTokens();
    const res = await get(t.app, jar, '/api/account/public-repos');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('GitHub no longer accepts your sign-in. Please sign in again.');
  });

  it('needs a signed-in user', async () => {
    expect((await get(t.app, new CookieJar(), '/api/account/public-repos')).statusCode).toBe(401);
  });
});

describe('with GitHub configured', () => {
  it('has no development sign-in page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/dev/authorize?state=s&code_challenge=' + 'c'.repeat(43),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('over https', () => {
  it('uses __Host- cookies marked Secure', async () => {
    const secure = await createTestApp({ env: { ...github.env(), PUBLIC_URL: 'https://openlfg.example' } });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/account/authorize' });
      const cookie = res.cookies.find((c) => c.name === '__Host-openlfg_oauth');
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(new URL(String(res.headers.location)).searchParams.get('redirect_uri')).toBe(
        'https://openlfg.example/',
      );
    } finally {
      await secure.close();
    }
  });
});
