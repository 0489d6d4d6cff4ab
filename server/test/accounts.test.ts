// An account once signed in: its sessions, its public repositories, and the cookies over https.
import { describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders } from './support/app.js';
import { CookieJar, get, SESSION, signIn, useGitHubSignIn } from './support/sign-in.js';

const a = useGitHubSignIn();

describe('sessions', () => {
  it('get a new id at every sign-in, ending the one the browser held', async () => {
    const jar = new CookieJar();
    await signIn(a.t.app, jar);
    const first = jar.get(SESSION);
    await signIn(a.t.app, jar);
    const second = jar.get(SESSION);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const old = new CookieJar();
    old.set(SESSION, first ?? '');
    expect((await get(a.t.app, old, '/api/account/user-info')).statusCode).toBe(403);
    expect((await get(a.t.app, jar, '/api/account/user-info')).statusCode).toBe(200);
  });

  it('end at logout: the cookie is cleared and the old id no longer works', async () => {
    const jar = new CookieJar();
    await signIn(a.t.app, jar);
    const id = jar.get(SESSION) ?? '';
    const res = await a.t.app.inject({
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
    const after = await get(a.t.app, replay, '/api/account/user-info');
    expect(after.statusCode).toBe(403);
    expect(after.json().error).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'Your session has expired. Please sign in again.',
    });
    expect((await get(a.t.app, replay, '/api/account/check-auth')).json()).toEqual({
      authenticated: false,
      devSignIn: false,
    });
  });

  it.each([
    ['idle too long', { last_seen_at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) }],
    ['past their absolute lifetime', { expires_at: new Date(Date.now() - 1000) }],
  ])('expire when %s: 403, and the stale cookie is cleared', async (_label, change) => {
    const jar = new CookieJar();
    await signIn(a.t.app, jar);
    expect((await get(a.t.app, jar, '/api/account/user-info')).statusCode).toBe(200);
    await a.t.database.db.updateTable('sessions').set(change).where('ended_at', 'is', null).execute();
    const res = await get(a.t.app, jar, '/api/account/user-info');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SESSION_EXPIRED');
    jar.store(res);
    expect(jar.get(SESSION)).toBeUndefined();
    expect((await get(a.t.app, jar, '/api/account/user-info')).statusCode).toBe(401);
  });

  it('answers 401 to a request without one', async () => {
    const res = await get(a.t.app, new CookieJar(), '/api/account/user-info');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Sign in with GitHub to do this.' });
    expect((await get(a.t.app, new CookieJar(), '/api/account/check-auth')).json()).toEqual({
      authenticated: false,
      devSignIn: false,
    });
  });
});

describe('GET /api/account/public-repos', () => {
  it('lists the public repositories across GitHub pages, then serves them from the cache', async () => {
    a.github.nextUser = {
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
    await signIn(a.t.app, jar);
    const res = await get(a.t.app, jar, '/api/account/public-repos');
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

    const before = a.github.requests.filter((r) => r.path === '/user/repos').length;
    expect((await get(a.t.app, jar, '/api/account/public-repos')).json().repos).toHaveLength(150);
    expect(a.github.requests.filter((r) => r.path === '/user/repos').length).toBe(before);
  });

  it('serves the last known list when GitHub is down', async () => {
    a.github.nextUser = {
      id: 4004,
      login: 'steady',
      name: null,
      avatar_url: 'https://avatars.githubusercontent.com/u/4004',
      repos: [{ name: 'only' }],
    };
    const jar = new CookieJar();
    await signIn(a.t.app, jar);
    expect((await get(a.t.app, jar, '/api/account/public-repos')).json().repos).toHaveLength(1);
    await a.t.database.db
      .updateTable('github_repo_cache')
      .set({ fetched_at: new Date(Date.now() - 60 * 60 * 1000) })
      .execute();
    a.github.mode = 'down';
    const res = await get(a.t.app, jar, '/api/account/public-repos');
    expect(res.statusCode).toBe(200);
    expect(res.json().repos.map((r: { name: string }) => r.name)).toEqual(['only']);
  });

  it('answers 502 when GitHub is down and nothing is cached, and 403 when GitHub revoked the token', async () => {
    a.github.nextUser = {
      id: 5005,
      login: 'fresh',
      name: null,
      avatar_url: 'https://avatars.githubusercontent.com/u/5005',
    };
    const jar = new CookieJar();
    await signIn(a.t.app, jar);
    a.github.mode = 'down';
    expect((await get(a.t.app, jar, '/api/account/public-repos')).statusCode).toBe(502);
    a.github.mode = 'up';
    a.github.revokeAllTokens();
    const res = await get(a.t.app, jar, '/api/account/public-repos');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('GitHub no longer accepts your sign-in. Please sign in again.');
  });

  it('needs a signed-in user', async () => {
    expect((await get(a.t.app, new CookieJar(), '/api/account/public-repos')).statusCode).toBe(401);
  });
});

describe('with GitHub configured', () => {
  it('has no development sign-in page', async () => {
    const res = await a.t.app.inject({
      method: 'GET',
      url: '/api/account/dev/authorize?state=s&code_challenge=' + 'c'.repeat(43),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('over https', () => {
  it('uses __Host- cookies marked Secure', async () => {
    const secure = await createTestApp({ env: { ...a.github.env(), PUBLIC_URL: 'https://openlfg.example' } });
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
