// Signing in with GitHub: the authorize redirect, the callback, the OAuth state and where it returns to.
import { describe, expect, it } from 'vitest';
import {
  consent,
  CookieJar,
  get,
  OAUTH,
  postLogin,
  SESSION,
  signIn,
  startSignIn,
  useGitHubSignIn,
} from './support/sign-in.js';

const a = useGitHubSignIn();

describe('GET /api/account/authorize', () => {
  it('redirects to GitHub with a fresh state, a PKCE S256 challenge and no scope', async () => {
    const jar = new CookieJar();
    const res = await a.t.app.inject({
      method: 'GET',
      url: '/api/account/authorize?returnTo=%2Fgroup-projects',
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${a.github.url}/login/oauth/authorize`);
    expect(location.searchParams.get('client_id')).toBe(a.github.clientId);
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
    const second = await startSignIn(a.t.app, jar);
    expect(second.searchParams.get('state')).not.toBe(location.searchParams.get('state'));
  });
});

describe('signing in with GitHub', () => {
  it('exchanges the code, records the user and starts a session', async () => {
    const jar = new CookieJar();
    const res = await signIn(a.t.app, jar, '/my-projects?view=groups');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), returnTo: '/my-projects?view=groups' });
    const session = res.cookies.find((c) => c.name === SESSION);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(res.cookies.find((c) => c.name === OAUTH)?.value).toBe('');

    expect((await get(a.t.app, jar, '/api/account/check-auth')).json()).toEqual({
      authenticated: true,
      devSignIn: false,
    });
    expect((await get(a.t.app, jar, '/api/account/user-info')).json()).toEqual({
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
    const res = await signIn(a.t.app, jar);
    const row = await a.t.database.db
      .selectFrom('users')
      .select('github_token_encrypted')
      .where('github_id', '=', 1001)
      .executeTakeFirstOrThrow();
    expect(row.github_token_encrypted).toMatch(/^v1\./);
    expect(row.github_token_encrypted).not.toContain('gho_');
    expect(res.body).not.toContain('gho_');
  });

  it('updates a returning user instead of duplicating them', async () => {
    a.github.nextUser = { ...a.github.nextUser, name: 'Renamed Octocat' };
    await signIn(a.t.app, new CookieJar());
    const rows = await a.t.database.db
      .selectFrom('users')
      .select(['name'])
      .where('github_id', '=', 1001)
      .execute();
    expect(rows).toEqual([{ name: 'Renamed Octocat' }]);
  });

  it('gives the login to its new owner when a GitHub user was renamed', async () => {
    a.github.nextUser = {
      id: 2002,
      login: 'octocat',
      name: 'New owner of the name',
      avatar_url: 'https://avatars.githubusercontent.com/u/2002',
    };
    const res = await signIn(a.t.app, new CookieJar());
    expect(res.statusCode).toBe(200);
    const rows = await a.t.database.db
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
    a.github.consent = 'deny';
    const jar = new CookieJar();
    const back = await consent(a.t.app, await startSignIn(a.t.app, jar));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);
    const res = await postLogin(a.t.app, jar, { state: back.searchParams.get('state') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'body.code is required' });
  });

  it('refuses a code GitHub does not know', async () => {
    const jar = new CookieJar();
    const back = await consent(a.t.app, await startSignIn(a.t.app, jar));
    const res = await postLogin(a.t.app, jar, {
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
    const codeForFirst = (await consent(a.t.app, await startSignIn(a.t.app, first))).searchParams.get('code');
    const second = new CookieJar();
    const secondState = (await startSignIn(a.t.app, second)).searchParams.get('state');
    const res = await postLogin(a.t.app, second, { code: codeForFirst, state: secondState });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SIGN_IN_FAILED');
  });

  it.each([
    ['down', 'down' as const],
    ['slower than the timeout', 'slow' as const],
  ])('answers 502 and starts no session when GitHub is %s', async (_label, mode) => {
    const jar = new CookieJar();
    const back = await consent(a.t.app, await startSignIn(a.t.app, jar));
    a.github.mode = mode;
    const res = await postLogin(a.t.app, jar, {
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
    const back = await consent(a.t.app, await startSignIn(a.t.app, jar));
    const res = await postLogin(a.t.app, jar, {
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
    const back = await consent(a.t.app, await startSignIn(a.t.app, starter));
    const res = await postLogin(a.t.app, new CookieJar(), {
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
    const res = await postLogin(a.t.app, jar, { code: 'c', state: 's' });
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
    jar.set(OAUTH, a.t.app.signCookie(JSON.stringify(stale)));
    const res = await postLogin(a.t.app, jar, { code: 'c', state: 'stale-state' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This sign-in took too long. Please sign in again.');
  });

  it('works once: replaying a completed sign-in is refused', async () => {
    const jar = new CookieJar();
    const back = await consent(a.t.app, await startSignIn(a.t.app, jar));
    const replayJar = new CookieJar();
    replayJar.set(OAUTH, jar.get(OAUTH) ?? '');
    const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    expect((await postLogin(a.t.app, jar, body)).statusCode).toBe(200);
    const replay = await postLogin(a.t.app, replayJar, body);
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
    const res = await signIn(a.t.app, new CookieJar(), returnTo);
    expect(res.statusCode).toBe(200);
    expect(res.json().returnTo).toBe(expected);
  });
});
