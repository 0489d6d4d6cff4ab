/**
 * A fresh id for a message the user is about to send (CLIENT_MESSAGE_ID_PATTERN: 32 hex digits here).
 * Sending it again after a failure lets the server store the message once. crypto.randomUUID would do, but it
 * exists only in secure contexts, and a self-hosted site may be served over plain http.
 */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
