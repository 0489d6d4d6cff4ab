import type { RawBuilder, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * What nodes tell each other. Payloads stay small (PostgreSQL's NOTIFY takes under 8000 bytes): a node that
 * hears of a message reads the rows itself, so nothing but ids cross the bus.
 */
export type BusEvent =
  /** A message was committed in this room. */
  | { kind: 'message'; room: string; id: number }
  /** A message of this room was edited or deleted. */
  | { kind: 'message-changed'; room: string; id: number }
  /** Who may read this group's board may have changed: a member left, the group was hidden or deleted. */
  | { kind: 'group-access'; groupId: number }
  /** A project's room may no longer be readable: the project left the catalogue. */
  | { kind: 'project-access'; projectId: number }
  /** A session ended (logout, a new sign-in): its sockets close. */
  | { kind: 'session-ended'; sessionIdHash: string }
  /** These users' notifications changed (a new one, one read): nodes push their unread counts. */
  | { kind: 'notifications'; userIds: number[] }
  /**
   * These stored issues changed (a webhook delivery, a recheck): nodes tell the sockets that follow issues, whose
   * pages load the rows again. At most ISSUES_CHANGED_MAX_IDS ids per event (NOTIFY's payload is bounded).
   */
  | { kind: 'issues-changed'; issueIds: number[] };

export interface EventBus {
  /** Tells every node, this one included. */
  publish(event: BusEvent): Promise<void>;
  /**
   * Tells every node once `trx` commits, and never if it rolls back. On PostgreSQL the NOTIFY goes inside the
   * transaction (the server delivers it at commit, in commit order, with no extra round trip after it); in
   * process, the answer is the function that publishes: call it after the commit.
   */
  publishOnCommit(trx: Transaction<DB>, event: BusEvent): Promise<() => void>;
  /**
   * On PostgreSQL only: the SQL expression that sends `payload` (a text expression, an event encoded as
   * encodeBusEvent does) when the transaction of the statement it is part of commits. For a write that announces
   * what it writes in the same statement (a new message, whose id the insert draws) instead of a statement of
   * its own. Absent in process: use publishOnCommit there.
   */
  notifyExpression?: (payload: RawBuilder<string>) => RawBuilder<unknown>;
  /** Called for every event from any node. */
  onEvent(handler: (event: BusEvent) => void): void;
  /**
   * Called after the bus lost its connection and got it back: events sent meanwhile may be lost, so listeners
   * catch up from the database.
   */
  onResync(handler: () => void): void;
  close(): Promise<void>;
}

export function encodeBusEvent(event: BusEvent): string {
  return JSON.stringify(event);
}

/** Null for anything that is not an event this version knows (a newer node may send more kinds). */
export function decodeBusEvent(payload: string): BusEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  switch (event.kind) {
    case 'message':
      return typeof event.room === 'string' && Number.isSafeInteger(event.id)
        ? { kind: 'message', room: event.room, id: event.id as number }
        : null;
    case 'message-changed':
      return typeof event.room === 'string' && Number.isSafeInteger(event.id)
        ? { kind: 'message-changed', room: event.room, id: event.id as number }
        : null;
    case 'group-access':
      return Number.isSafeInteger(event.groupId)
        ? { kind: 'group-access', groupId: event.groupId as number }
        : null;
    case 'project-access':
      return Number.isSafeInteger(event.projectId)
        ? { kind: 'project-access', projectId: event.projectId as number }
        : null;
    case 'session-ended':
      return typeof event.sessionIdHash === 'string'
        ? { kind: 'session-ended', sessionIdHash: event.sessionIdHash }
        : null;
    case 'notifications':
      return Array.isArray(event.userIds) && event.userIds.every((id) => Number.isSafeInteger(id))
        ? { kind: 'notifications', userIds: event.userIds as number[] }
        : null;
    case 'issues-changed':
      return Array.isArray(event.issueIds) && event.issueIds.every((id) => Number.isSafeInteger(id))
        ? { kind: 'issues-changed', issueIds: event.issueIds as number[] }
        : null;
    default:
      return null;
  }
}

/** Fans handlers out; shared by both buses. A throwing handler does not stop the others. */
export class Listeners<T extends unknown[]> {
  private readonly handlers: ((...args: T) => void)[] = [];
  constructor(private readonly onError: (error: unknown) => void) {}
  add(handler: (...args: T) => void): void {
    this.handlers.push(handler);
  }
  emit(...args: T): void {
    for (const handler of this.handlers) {
      try {
        handler(...args);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
