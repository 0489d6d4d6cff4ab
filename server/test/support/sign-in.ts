import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { App } from '../../src/app.js';
import { createTestApp, jsonHeaders, type TestApp } from './app.js';
import { FakeGitHub } from './fake-github.js';

/** The session's and the sign-in's cookies (without the __Host- prefix they take over https). */
export const SESSION = 'openlfg_session';
export const OAUTH = 'openlfg_oauth';

/** A browser's cookie jar, just enough for inject(): remembers what Set-Cookie set or cleared. */
export class CookieJar {
  private readonly values = new Map<string, string>();

  store(res: { cookies: { name: string; value: string; maxAge?: number; expires?: Date }[] }): void {
    for (const cookie of res.cookies) {
      const cleared = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (cleared || cookie.value === '') this.values.delete(cookie.name);
      else this.values.set(cookie.name, cookie.value);
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  set(name: string, value: string): void {
    this.values.set(name, value);
  }

  header(): string {
    // inject() hands cookies back decoded; a browser sends back the encoded form it received.
    return [...this.values].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }
}

/** GET /api/account/authorize as the browser does; answers where the provider page is. */
export async function startSignIn(app: App, jar: CookieJar, returnTo?: string): Promise<URL> {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const res = await app.inject({
    method: 'GET',
    url: `/api/account/authorize${query}`,
    headers: { cookie: jar.header() },
  });
  expect(res.statusCode).toBe(302);
  jar.store(res);
  return new URL(String(res.headers.location));
}

/** Follows the provider's consent redirect (over real HTTP when the provider is the fake GitHub). */
export async function consent(app: App, providerUrl: URL): Promise<URL> {
  if (providerUrl.pathname === '/api/account/dev/authorize') {
    const res = await app.inject({ method: 'GET', url: `${providerUrl.pathname}${providerUrl.search}` });
    expect(res.statusCode).toBe(302);
    return new URL(String(res.headers.location));
  }
  const res = await fetch(providerUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(String(res.headers.get('location')));
}

export function postLogin(app: App, jar: CookieJar, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: { ...jsonHeaders, cookie: jar.header() },
    payload: body,
  });
}

/** The whole flow; answers the login response after storing its cookies in the jar. */
export async function signIn(app: App, jar: CookieJar, returnTo?: string) {
  const back = await consent(app, await startSignIn(app, jar, returnTo));
  const res = await postLogin(app, jar, {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  jar.store(res);
  return res;
}

export function get(app: App, jar: CookieJar, url: string) {
  return app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
}

/**
 * A sign-in test file's world: an app that signs in through a fake GitHub, both started before the file's tests,
 * and the fake put back after each test (up, approving, octocat signing in). Filled once the first test runs.
 */
export function useGitHubSignIn(): { t: TestApp; github: FakeGitHub } {
  const world = {} as { t: TestApp; github: FakeGitHub };
  beforeAll(async () => {
    world.github = await new FakeGitHub().start();
    world.t = await createTestApp({ env: world.github.env() });
  });
  afterAll(async () => {
    await world.t.close();
    await world.github.stop();
  });
  afterEach(() => {
    world.github.mode = 'up';
    world.github.consent = 'approve';
    world.github.nextUser = {
      id: 1001,
      login: 'octocat',
      name: 'The Octocat',
      avatar_url: 'https://avatars.githubusercontent.com/u/1001',
    };
  });
  return world;
}
