import { createSigner } from '../platform/crypto.js';

const DAY = 24 * 60 * 60 * 1000;
/** A confirmation link works for a week; a new address asked for sends a new one. */
const CONFIRM_TTL_MS = 7 * DAY;
/** An unsubscribe link works for a year: people unsubscribe from old mail too. */
const UNSUBSCRIBE_TTL_MS = 365 * DAY;

/**
 * The signed links of notification mail. A confirmation names the user and the address (a link for an address
 * the user has since changed confirms nothing); an unsubscribe names the user and the address it was sent to.
 */
export function createMailTokens(secret: string) {
  const confirm = createSigner(secret, 'mail-confirm');
  const unsubscribe = createSigner(secret, 'mail-unsubscribe');
  const read = (payload: Record<string, unknown> | null) =>
    payload && typeof payload.u === 'number' && typeof payload.e === 'string'
      ? { userId: payload.u, email: payload.e }
      : null;
  return {
    confirmToken: (userId: number, email: string, now?: number) =>
      confirm.sign({ u: userId, e: email }, CONFIRM_TTL_MS, now),
    readConfirm: (token: string, now?: number) => read(confirm.verify(token, now)),
    unsubscribeToken: (userId: number, email: string, now?: number) =>
      unsubscribe.sign({ u: userId, e: email }, UNSUBSCRIBE_TTL_MS, now),
    readUnsubscribe: (token: string, now?: number) => read(unsubscribe.verify(token, now)),
  };
}
export type MailTokens = ReturnType<typeof createMailTokens>;
