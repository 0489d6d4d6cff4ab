import type { ServerFrame } from '@openlfg/contracts';

/**
 * One realtime socket as the features behind the channel see it: the boards' hub (messages/realtime) and the
 * notifications' feed both send to it, so it sits below them both.
 */
export interface RealtimeClient {
  readonly userId: number | null;
  readonly sessionIdHash: string | null;
  /** Sends one serialised frame. */
  send(frame: string): void;
  close(code: number, reason: string): void;
}

/** A server frame as it goes on the wire. */
export const frame = (value: ServerFrame): string => JSON.stringify(value);
