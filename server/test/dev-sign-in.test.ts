import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developmentUserId } from '../src/github/dev-provider.js';
import { createTestApp, type TestApp } from './support/app.js';
import { CookieJar, get, postLogin, startSignIn } from './support/sign-in.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: 'development' } });
});
afterAll(() => t.close());

describe('development sign-in', () => {
  it('sends authorize to the built-in page, which asks for a username', async () => {
    const page = await startSignIn(t.app, new CookieJar());
    expect(page.origin).toBe('http://localhost:3000');
    expect(page.pathname).toBe('/api/account/dev/authorize');
    const res = await t.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Development sign-in');
    expect(res.body).toContain('<form method="get" action="/api/account/dev/authorize">');
    expect(res.body).not.toMatch(/<script|style=/);
    const css = await t.app.inject({ method: 'GET', url: '/api/account/dev/sign-in.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.body).toContain('<link rel="stylesheet" href="/api/account/dev/sign-in.css">');
  });

  it('signs in as the username given with ?login=', async () => {
    const jar = new CookieJar();
    const page = await startSignIn(t.app, jar, '/group-projects');
    page.searchParams.set('login', 'ada-lovelace');
    const res = await t.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` });
    expect(res.statusCode).toBe(302);
    const back = new URL(String(res.headers.location));
    expect(back.origin + back.pathname).toBe('http://localhost:3000/');
    const login = await postLogin(t.app, jar, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().returnTo).toBe('/group-projects');
    jar.store(login);
    const user = (await get(t.app, jar, '/api/account/user-info')).json().user;
    expect(user).toMatchObject({ login: 'ada-lovelace', name: 'ada-lovelace', avatarUrl: null });
    expect((await get(t.app, jar, '/api/account/check-auth')).json()).toEqual({
      authenticated: true,
      devSignIn: true,
    });
    expect((await get(t.app, jar, '/api/account/public-repos')).json()).toEqual({ repos: [] });
  });

  it('signs in in one navigation with /api/account/authorize?login=', async () => {
    const jar = new CookieJar();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/authorize?login=linus&returnTo=%2Fmy-projects',
    });
    jar.store(res);
    const page = new URL(String(res.headers.location));
    expect(page.searchParams.get('login')).toBe('linus');
    const back = new URL(
      String((await t.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` })).headers.location),
    );
    const login = await postLogin(t.app, jar, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(login.json().returnTo).toBe('/my-projects');
    jar.store(login);
    expect((await get(t.app, jar, '/api/account/user-info')).json().user.login).toBe('linus');
  });

  it('refuses a malformed login hint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/authorize?login=-bad-' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^querystring\.login must match pattern/);
  });

  it('gives the same username the same account every time', async () => {
    const jarA = new CookieJar();
    const jarB = new CookieJar();
    for (const jar of [jarA, jarB]) {
      const page = await startSignIn(t.app, jar);
      page.searchParams.set('login', 'grace');
      const back = new URL(
        String(
          (await t.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` })).headers.location,
        ),
      );
      jar.store(
        await postLogin(t.app, jar, {
          code: back.searchParams.get('code'),
          state: back.searchParams.get('state'),
        }),
      );
    }
    const a = (await get(t.app, jarA, '/api/account/user-info')).json().user;
    const b = (await get(t.app, jarB, '/api/account/user-info')).json().user;
    expect(a.id).toBe(b.id);
    expect(developmentUserId('grace')).toBe(developmentUserId('Grace'));
    expect(developmentUserId('grace')).toBeGreaterThan(2 ** 40);
  });

  it.each(['-leading', 'trailing-', 'double--hyphen', 'has space', 'x'.repeat(40), '<script>'])(
    'refuses the username %j with the form and a reason',
    async (login) => {
      const page = await startSignIn(t.app, new CookieJar());
      page.searchParams.set('login', login);
      const res = await t.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('A username has 1 to 39 letters');
      expect(res.body).not.toContain('<script>');
    },
  );

  it('still checks PKCE: a code is bound to the sign-in that asked for it', async () => {
    const first = new CookieJar();
    const page = await startSignIn(t.app, first);
    page.searchParams.set('login', 'mallory');
    const code = new URL(
      String((await t.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` })).headers.location),
    ).searchParams.get('code');
    const second = new CookieJar();
    const state = (await startSignIn(t.app, second)).searchParams.get('state');
    const res = await postLogin(t.app, second, { code, state });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SIGN_IN_FAILED');
  });
});
