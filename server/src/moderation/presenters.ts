import { ADMIN_PAGE_SIZE, type AuditEntry, type HiddenGroup } from '@openlfg/contracts';
import type { AuditRow } from '../platform/db/audit-log.js';

/** Row -> API shape for the moderation answers. */

/** One page of a moderators' list: `{ data, page, totalPages, total }`, ADMIN_PAGE_SIZE rows a page. */
export function adminPage<T>(data: T[], page: number, total: number) {
  return { data, page, totalPages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)), total };
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor_login,
    action: row.action,
    objectType: row.object_type,
    objectId: row.object_id,
    reason: row.reason,
    details: (row.details ?? {}) as Record<string, unknown>,
  };
}

export function toHiddenGroup(row: {
  id: number;
  title: string;
  login: string;
  hidden_at: Date | null;
  hidden_reason: string | null;
}): HiddenGroup {
  return {
    groupId: row.id,
    title: row.title,
    ownerLogin: row.login,
    hiddenAt: (row.hidden_at ?? new Date(0)).toISOString(),
    reason: row.hidden_reason,
  };
}
