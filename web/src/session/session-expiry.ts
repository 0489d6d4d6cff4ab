import type { ApiError } from '../lib/api-client';

/** The product's text, as the spec gives it. */
export const SESSION_EXPIRED_MESSAGE = "You're session expired, please log back in.";

/** While signed in, the app asks the server whether the session still holds this often (and on tab focus). */
export const AUTH_RECHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The 403s that refuse a signed-in user one object (a private group's board; a group whose owner removed them),
 * not their session: signing the user out for those would be wrong.
 */
const REFUSALS: ReadonlySet<string | null> = new Set(['FORBIDDEN', 'REMOVED_FROM_GROUP']);

/** A 403 means the session the browser holds has ended or expired, unless it is one of the refusals above. */
export function isSessionExpiry(error: ApiError): boolean {
  return error.status === 403 && !REFUSALS.has(error.code);
}
