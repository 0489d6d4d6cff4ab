import type { Transaction } from 'kysely';
import type { NotificationEvent, PushNotifications } from '../notifications/service.js';
import type { DB } from '../platform/db/schema.js';

/**
 * What moderators' decisions set off in other features, given by app.ts: the services call these and know
 * nothing else of those features.
 */
export interface ModerationEffects {
  /** Records a notification in the deciding transaction (notifications/service.ts `record`); push after commit. */
  notify: (trx: Transaction<DB>, event: NotificationEvent) => Promise<PushNotifications>;
  /** Cached project lists refresh (projectsService.catalogueChanged). */
  catalogueChanged: () => void;
  /** Cached group lists refresh (groupsService.listsChanged). */
  groupListsChanged: () => void;
  /** A hidden, restored or deleted group's board re-checks its subscribers' access (the realtime channel). */
  groupAccessChanged: (groupId: number) => void;
  /** A removed project's room closes for its subscribers (the realtime channel re-checks their access). */
  projectAccessChanged: (projectId: number) => void;
  /** A suspended account's session is gone: every node closes its sockets (the bus's session-ended). */
  sessionEnded: (sessionIdHash: string) => void;
}

export interface ModerationLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}
