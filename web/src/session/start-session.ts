import { ErrorCode, type CheckAuthResponse, type LoginBody, type LoginResponse } from '@openlfg/contracts';
import { isApiError } from '../lib/api-client';

export const LOGIN_CANCELLED_MESSAGE = 'Sign-in was cancelled.';

/** `?code=...&state=...` as a login body, or null when the URL carries no code. */
export function readOAuthCallback(search: string): LoginBody | null {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  if (code === null) return null;
  return { code, state: params.get('state') ?? '' };
}

/**
 * `returnTo` from the login answer when it is a path on this site (`/my-projects?view=groups`), else null.
 * Anything that could leave the site (`//evil.example`, `https://...`, `/\evil`) is refused.
 */
export function safeReturnPath(returnTo: string | undefined): string | null {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/\\')) {
    return null;
  }
  return returnTo;
}

export interface StartSessionDeps {
  /** The current URL's search string (`?code=...&state=...` after a GitHub sign-in). */
  search: string;
  checkAuth: () => Promise<CheckAuthResponse>;
  login: (body: LoginBody) => Promise<LoginResponse>;
}

export type StartSessionResult =
  | { kind: 'checked'; isLoggedIn: boolean }
  /** GitHub sent the browser back with ?error= (the user declined): nothing was exchanged. */
  | { kind: 'login-cancelled'; isLoggedIn: boolean }
  | { kind: 'logged-in'; returnTo: string | null }
  /** `message`: what the server said when it is for the user to read (a suspended account's reason). */
  | { kind: 'login-failed'; message?: string };

/**
 * Settles the session when the app starts: with a `code` in the URL it exchanges it for a session, otherwise it
 * asks the server whether the session cookie is still good. Any failure of check-auth counts as logged out.
 */
export async function startSession({
  search,
  checkAuth,
  login,
}: StartSessionDeps): Promise<StartSessionResult> {
  const callback = readOAuthCallback(search);
  if (callback === null) {
    let isLoggedIn = false;
    try {
      isLoggedIn = (await checkAuth()).authenticated === true;
    } catch {
      // Any failure of check-auth counts as logged out.
    }
    const cancelled = new URLSearchParams(search).has('error');
    return { kind: cancelled ? 'login-cancelled' : 'checked', isLoggedIn };
  }

  try {
    const answer = await login(callback);
    return { kind: 'logged-in', returnTo: safeReturnPath(answer?.returnTo) };
  } catch (error) {
    if (isApiError(error) && error.code === ErrorCode.accountSuspended && error.serverMessage) {
      return { kind: 'login-failed', message: error.serverMessage };
    }
    return { kind: 'login-failed' };
  }
}
