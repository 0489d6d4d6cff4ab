import { ADMIN_PAGE_SIZE } from '@openlfg/contracts';
import type { Kysely } from 'kysely';
import { auditPage } from '../platform/db/audit-log.js';
import type { DB } from '../platform/db/schema.js';
import { adminPage, toAuditEntry } from './presenters.js';

/** The audit log as moderators read it; each action writes its own entry (platform/db/audit-log.ts). */
export function createAuditLogService(db: Kysely<DB>) {
  return {
    async page(page: number) {
      const { total, rows } = await auditPage(db, page, ADMIN_PAGE_SIZE);
      return adminPage(rows.map(toAuditEntry), page, total);
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
