import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { removeOAuthParams } from './oauth-callback';
import { readOAuthCallback, safeReturnPath, startSession } from './start-session';

describe('readOAuthCallback', () => {
  it('reads code and state', () => {
    expect(readOAuthCallback('?code=abc&state=s1')).toEqual({ code: 'abc', state: 's1' });
  });

  it('is null without a code', () => {
    expect(readOAuthCallback('?state=s1')).toBeNull();
    expect(readOAuthCallback('')).toBeNull();
  });
});

describe('removeOAuthParams', () => {
  it.each([
    ['?code=abc&state=s1', ''],
    ['?view=groups&code=abc&state=s1', '?view=groups'],
    ['?code=abc&view=projects&state=s1&post=new', '?view=projects&post=new'],
    ['?view=groups', '?view=groups'],
    ['', ''],
  ])('%s -> %j', (search, expected) => {
    expect(removeOAuthParams(search)).toBe(expected);
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/my-projects?view=groups', '/my-projects?view=groups'],
    ['/', '/'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['my-projects', null],
    ['', null],
    [undefined, null],
  ])('%j -> %j', (returnTo, expected) => {
    expect(safeReturnPath(returnTo)).toBe(expected);
  });
});

describe('startSession', () => {
  const loginAnswer = { token: 't', returnTo: '/group-projects' };

  it('without a code, asks check-auth and never logs in', async () => {
    const checkAuth = vi.fn().mockResolvedValue({ authenticated: true, devSignIn: false });
    const login = vi.fn();

    await expect(startSession({ search: '?view=groups', checkAuth, login })).resolves.toEqual({
      kind: 'checked',
      isLoggedIn: true,
    });
    expect(login).not.toHaveBeenCalled();
  });

  it('counts any check-auth failure as logged out', async () => {
    const checkAuth = vi.fn().mockRejectedValue(new ApiError(404));

    await expect(startSession({ search: '', checkAuth, login: vi.fn() })).resolves.toEqual({
      kind: 'checked',
      isLoggedIn: false,
    });
  });

  it('with a code, exchanges code and state and skips check-auth', async () => {
    const checkAuth = vi.fn();
    const login = vi.fn().mockResolvedValue(loginAnswer);

    await expect(startSession({ search: '?code=abc&state=s1', checkAuth, login })).resolves.toEqual({
      kind: 'logged-in',
      returnTo: '/group-projects',
    });
    expect(login).toHaveBeenCalledWith({ code: 'abc', state: 's1' });
    expect(checkAuth).not.toHaveBeenCalled();
  });

  it('ignores a returnTo that would leave the site', async () => {
    const login = vi.fn().mockResolvedValue({ token: 't', returnTo: '//evil.example' });

    await expect(startSession({ search: '?code=abc&state=s1', checkAuth: vi.fn(), login })).resolves.toEqual({
      kind: 'logged-in',
      returnTo: null,
    });
  });

  it('reports a failed exchange', async () => {
    const login = vi.fn().mockRejectedValue(new ApiError(400, 'SIGN_IN_FAILED', 'bad state'));

    await expect(startSession({ search: '?code=abc&state=s1', checkAuth: vi.fn(), login })).resolves.toEqual({
      kind: 'login-failed',
    });
  });

  it('passes on a suspended account’s reason, for the user to read', async () => {
    const login = vi
      .fn()
      .mockRejectedValue(new ApiError(403, 'ACCOUNT_SUSPENDED', 'Your account is suspended: Harassment'));

    await expect(startSession({ search: '?code=abc&state=s1', checkAuth: vi.fn(), login })).resolves.toEqual({
      kind: 'login-failed',
      message: 'Your account is suspended: Harassment',
    });
  });
});
