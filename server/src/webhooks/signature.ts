import { createHmac, timingSafeEqual } from 'node:crypto';

/** GitHub's X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the raw body under the webhook's secret. */
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

export function signatureOf(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Whether `header` signs exactly these bytes. Compared in constant time, so an answer's timing tells nothing about
 * how much of a forged signature was right; a missing or ill-formed header is simply false.
 */
export function isSignedBy(secret: string, body: Buffer, header: string | undefined): boolean {
  const match = header === undefined ? null : SIGNATURE.exec(header.trim());
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
