/**
 * The codes of the API's error answers (`ErrorResponse` in errors.ts). Plain values in a module of their own: the
 * web branches on them, and a value taken from a schema module brings TypeBox and its schemas into the page.
 */

/** Codes the server uses; clients may branch on them. */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  badRequest: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHENTICATED',
  sessionExpired: 'SESSION_EXPIRED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  requestTimeout: 'REQUEST_TIMEOUT',
  unavailable: 'SERVICE_UNAVAILABLE',
  upstream: 'UPSTREAM_UNAVAILABLE',
  signInFailed: 'SIGN_IN_FAILED',
  internal: 'INTERNAL_ERROR',
  /** A claim of an issue that closed on GitHub or lost its beginner label (410). */
  issueClosed: 'ISSUE_CLOSED',
  /** A claim of an issue the caller already claims, without `renew` (409). */
  alreadyClaimed: 'ALREADY_CLAIMED',
  /** A claim past the per-user limit of active claims (409). */
  claimLimit: 'CLAIM_LIMIT',
  /** An alert past the per-user limit of saved alerts (409). */
  alertLimit: 'ALERT_LIMIT',
  /** An invite link past its 7 days (410). */
  inviteExpired: 'INVITE_EXPIRED',
  /** An invite link its group's owner revoked (410). */
  inviteRevoked: 'INVITE_REVOKED',
  /** An invite link whose uses are all taken (410). */
  inviteUsedUp: 'INVITE_USED_UP',
  /** Joining, asking to join or using an invite to a group whose owner removed the caller (403). */
  removedFromGroup: 'REMOVED_FROM_GROUP',
  /** Sign-in of an account a moderator suspended (403); the message carries their reason. */
  accountSuspended: 'ACCOUNT_SUSPENDED',
  /** A request to join past the per-user limits (429): pending at once, or in a day. */
  joinRequestLimit: 'JOIN_REQUEST_LIMIT',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
