import type { AuditEntry } from '@openlfg/contracts';
import type { AuditRow } from '../platform/db/audit-log.js';

/** Row -> API shape for the moderation answers. */
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
