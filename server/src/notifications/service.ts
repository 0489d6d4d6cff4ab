import {
  NOTIFICATION_PAGE_MAX,
  type NotificationKind,
  type NotificationsQuery,
  type NotificationsResponse,
  type UnreadNotificationsResponse,
} from '@openlfg/contracts';
import type { Transaction } from 'kysely';
import type { BusEvent, EventBus } from '../platform/bus/index.js';
import type { DB } from '../platform/db/schema.js';
import { mayReach } from '../groups/policy-people.js';
import { notFound } from '../platform/http/errors.js';
import { repeatEvery } from '../platform/repeat.js';
import { toNotification } from './presenters.js';
import { PRUNE_BATCH, type NotificationsRepository } from './repository.js';
import { countNotifications } from '../platform/metrics.js';

/** One event, for a set of recipients. See `record`. */
export interface NotificationEvent {
  kind: NotificationKind;
  /** Who is told. Duplicates and the actor are dropped; the caller chose them under the groups policy. */
  recipients: readonly number[];
  /** Who did it (never told about their own action); null when nobody did (nothing yet). */
  actorId: number | null;
  groupId?: number;
  projectRequestId?: number;
  /** The message it leads to (a mention in a project's room, a question to its mentors). */
  messageId?: number;
  /** The object's title; for a group, read from it when not given (give it when the group is being deleted). */
  subject?: string;
  /** The owner's note or the moderator's reason. */
  note?: string | null;
  /** A new-issues alert's: how many new issues, and the finder's query that shows them. */
  issueCount?: number;
  finderQuery?: string;
}

/** Pushes the recorded notifications' new counts: call it once the recording transaction has committed. */
export type PushNotifications = () => void;

interface Caller {
  id: number;
}

/** Users per bus event: NOTIFY payloads stay far below PostgreSQL's 8000 bytes. */
const USERS_PER_EVENT = 200;
const DEFAULT_LIMIT = 20;

export function createNotificationsService(deps: {
  repository: NotificationsRepository;
  bus: Pick<EventBus, 'publishOnCommit' | 'publish'>;
  /** Publishes after a change committed, retried in the background (platform/bus `announce`). */
  announce: (event: BusEvent) => void;
}) {
  const { repository, bus } = deps;
  const unread = async (caller: Caller): Promise<UnreadNotificationsResponse> => ({
    unreadCount: await repository.unreadCount(repository.db, caller.id),
  });

  const service = {
    /**
     * Records `event` for its recipients INSIDE the caller's writing transaction, so a notification commits
     * or rolls back with the action it tells of. Answers the push, which the caller runs after the commit: on
     * PostgreSQL the bus's NOTIFY already went into the transaction (delivered at commit, never for a rollback)
     * and the push does nothing; in process it publishes then. Each node holding a socket of a recipient then
     * sends that socket the recipient's unread count.
     */
    async record(trx: Transaction<DB>, event: NotificationEvent): Promise<PushNotifications> {
      const candidates = [...new Set(event.recipients)].filter((id) => id !== event.actorId);
      // Whoever blocked the actor is not told what they did (a mention included), under the policy.
      const blockers =
        event.actorId === null
          ? new Set<number>()
          : await repository.blockersAmong(trx, event.actorId, candidates);
      const reach = event.kind === 'mentioned' || event.kind === 'room-mentioned' ? 'mention' : 'notify';
      const recipients = candidates.filter((id) =>
        mayReach(reach, event.actorId, { blockedByThem: blockers.has(id) }),
      );
      if (recipients.length === 0) return () => {};
      const subject =
        event.subject ??
        (event.groupId === undefined ? undefined : await repository.groupTitle(trx, event.groupId));
      if (subject === undefined) throw new Error(`a ${event.kind} notification has no subject`);
      await repository.insert(
        trx,
        recipients.map((recipientId) => ({
          recipient_id: recipientId,
          kind: event.kind,
          actor_id: event.actorId,
          group_id: event.groupId ?? null,
          project_request_id: event.projectRequestId ?? null,
          message_id: event.messageId ?? null,
          subject,
          note: event.note ?? null,
          issue_count: event.issueCount ?? null,
          finder_query: event.finderQuery ?? null,
        })),
      );
      const pushes: PushNotifications[] = [];
      for (let start = 0; start < recipients.length; start += USERS_PER_EVENT) {
        const userIds = recipients.slice(start, start + USERS_PER_EVENT);
        pushes.push(await bus.publishOnCommit(trx, { kind: 'notifications', userIds }));
      }
      return () =>
        [() => countNotifications(event.kind, recipients.length), ...pushes].forEach((push) => push());
    },

    /** The caller's own notifications: nothing else is ever read, so the recipient is the whole rule. */
    async list(caller: Caller, query: NotificationsQuery): Promise<NotificationsResponse> {
      const limit = Math.min(query.limit ?? DEFAULT_LIMIT, NOTIFICATION_PAGE_MAX);
      const rows = await repository.page(caller.id, query.before ?? null, limit);
      return { data: rows.slice(0, limit).map(toNotification), hasOlder: rows.length > limit };
    },

    unread,

    /** The count the realtime channel pushes. */
    unreadCountOf: (userId: number) => repository.unreadCount(repository.db, userId),

    async markRead(caller: Caller, notificationId: number): Promise<UnreadNotificationsResponse> {
      if (!(await repository.markRead(caller.id, notificationId))) {
        throw notFound(`You have no notification ${notificationId}.`);
      }
      // The caller's other tabs (on any node) show the new count too.
      deps.announce({ kind: 'notifications', userIds: [caller.id] });
      return unread(caller);
    },

    async markAllRead(caller: Caller): Promise<UnreadNotificationsResponse> {
      await repository.markAllRead(caller.id);
      deps.announce({ kind: 'notifications', userIds: [caller.id] });
      return unread(caller);
    },

    /** Deletes one batch of notifications past their 90 days (see `startPruning`). */
    prune: () => repository.prune(),

    /**
     * Records `event` in a transaction of its own, then pushes it: for what is told once its action has
     * committed elsewhere (a board's mentions, worked out by the messages service after the post).
     */
    async recordNow(event: NotificationEvent): Promise<void> {
      const push = await repository.db.transaction().execute((trx) => service.record(trx, event));
      push();
    },
  };
  return service;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * Prunes notifications past their 90 days on a timer (unref'd: it never keeps the process up), one bounded
 * batch a tick, on every node. A timer rather than pruning on write: a write then never pays for old rows in
 * someone else's transaction, and a quiet site still forgets its old rows. Reads already ignore expired rows,
 * so pruning late changes nothing a user sees; several nodes pruning at once delete disjoint or equal rows,
 * which is harmless. A full batch comes back at once (a backlog after downtime drains in a few ticks).
 */
export function startPruning(
  service: Pick<NotificationsService, 'prune'>,
  log: { warn(object: object, message: string): void },
  everyMs = 10 * 60_000,
): () => void {
  return repeatEvery(
    async () => ((await service.prune()) >= PRUNE_BATCH ? 1000 : undefined),
    everyMs,
    (error) => log.warn({ err: error }, 'pruning old notifications failed; trying again later'),
  );
}
