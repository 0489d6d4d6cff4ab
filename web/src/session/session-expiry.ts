import type { ApiError } from '../lib/api-client';

/** The product's text, as the spec gives it. */
export const SESSION_EXPIRED_MESSAGE = "You're session expired, please log back in.";

/** While signed in, the app asks the server whether the session still holds this often (and on tab focus). */
export const AUTH_RECHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * A 403 means the session the browser holds has ended or expired. The one exception is the server's FORBIDDEN:
 * signed in, but not allowed to touch that object (a private group's board, say); signing the user out for
 * that would be wrong.
 */
export function isSessionExpiry(error: ApiError): boolean {
  return error.status === 403 && error.code !== 'FORBIDDEN';
}
