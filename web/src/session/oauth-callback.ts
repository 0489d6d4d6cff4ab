/**
 * GitHub's callback as the address carries it: what every page needs to know of it at start (whether a sign-in is
 * coming back, and the address without it). Exchanging it is `start-session.ts` and `sign-in-return.ts`, loaded
 * only when a sign-in comes back, so the first visit's script carries none of that.
 */

/** The query parameters GitHub (or the development sign-in page) adds when it sends the browser back. */
const OAUTH_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri'] as const;

export const LOGIN_FAILED_MESSAGE = 'Issue signing in, please try again.';

export function hasOAuthCode(search: string): boolean {
  return new URLSearchParams(search).has('code');
}

/** Whether GitHub sent the browser back here: with a code to exchange, or with `error` (the user declined). */
export function isOAuthReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('code') || params.has('error');
}

/** The search string without `code` and `state`, other parameters kept in order ('' when none are left). */
export function removeOAuthParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of OAUTH_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}
