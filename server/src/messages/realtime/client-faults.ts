/**
 * The `ws` library reports a frame that breaks the protocol (not UTF-8, over `maxPayload`, a bad opcode...) as an
 * error with a `WS_ERR_*` code, after it has already sent the matching close frame. Those are the client's
 * fault, and any client can send them at will: they are logged as one short warning, never as a server error
 * with a stack, so nobody can fill the logs by sending broken frames.
 */
const CLOSE_CODES: Record<string, number> = {
  WS_ERR_INVALID_UTF8: 1007,
  WS_ERR_UNSUPPORTED_MESSAGE_LENGTH: 1009,
  WS_ERR_UNSUPPORTED_DATA_PAYLOAD_LENGTH: 1009,
  WS_ERR_TOO_MANY_BUFFERED_PARTS: 1008,
};
/** Every other `WS_ERR_*` (bad opcode, unmasked frame, reserved bits...) is a protocol error. */
const PROTOCOL_ERROR = 1002;

/** The close code `ws` sent for a client's broken frame, or null when the error is not the client's fault. */
export function clientFaultCloseCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code } = error as { code?: unknown };
  if (typeof code !== 'string' || !code.startsWith('WS_ERR_')) return null;
  return CLOSE_CODES[code] ?? PROTOCOL_ERROR;
}
