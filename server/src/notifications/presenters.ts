import type { Notification, NotificationKind } from '@openlfg/contracts';
import type { NotificationsRepository } from './repository.js';

type NotificationPageRow = Awaited<ReturnType<NotificationsRepository['page']>>[number];

/** A moderator acts as "a moderator": their login never reaches the owner or requester they decided about. */
const BY_A_MODERATOR: ReadonlySet<string> = new Set<NotificationKind>([
  'group-hidden',
  'group-restored',
  'group-deleted',
  'project-request-approved',
  'project-request-rejected',
]);

export function toNotification(row: NotificationPageRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    actor:
      row.actor_login !== null && !BY_A_MODERATOR.has(row.kind)
        ? { login: row.actor_login, avatarUrl: row.actor_avatar_url }
        : null,
    groupProjectId: row.group_id,
    projectRequestId: row.project_request_id,
    ...(row.message_id !== null ? { messageId: row.message_id } : {}),
    ...(row.issue_count !== null ? { issueCount: row.issue_count } : {}),
    ...(row.finder_query !== null ? { finderQuery: row.finder_query } : {}),
    subject: row.subject,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  };
}
