import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The audit log: what moderators did, what owners did to reported groups, and owners' actions on other
 * people (removing a member, handing the group over), which a moderator may need when someone complains. Moderation reads it; the groups
 * feature writes to it too (an owner deleting a reported group closes its reports), so it lives below both.
 */
export type AuditAction =
  | 'request.approve'
  | 'request.reject'
  | 'report.dismiss'
  | 'group.hide'
  | 'group.restore'
  | 'group.delete'
  | 'group.delete-by-owner'
  | 'group.remove-member'
  | 'group.allow-back'
  | 'group.transfer-ownership'
  | 'project.remove'
  | 'message.delete'
  | 'catalogue.sync'
  | 'user-report.dismiss'
  | 'user.suspend'
  | 'user.lift-suspension';

export interface AuditRecord {
  actor: { id: number; login: string };
  action: AuditAction;
  objectType: 'project_request' | 'group_project' | 'project' | 'sync_run' | 'message' | 'user';
  objectId: number | string;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/**
 * The audit log is append-only: this insert is the only write the code makes to it (the database refuses
 * UPDATE, DELETE and TRUNCATE, migration 0006). Pass the action's transaction so both land or neither.
 */
export async function writeAudit(executor: Executor, record: AuditRecord): Promise<void> {
  await executor
    .insertInto('audit_log')
    .values({
      actor_id: record.actor.id,
      actor_login: record.actor.login,
      action: record.action,
      object_type: record.objectType,
      object_id: String(record.objectId),
      reason: record.reason ?? null,
      details: JSON.stringify(record.details ?? {}),
    })
    .execute();
}

/** One page of the log, newest first. */
export async function auditPage(db: Kysely<DB>, page: number, pageSize: number) {
  const { count } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { total: Number(count), rows };
}

export type AuditRow = Awaited<ReturnType<typeof auditPage>>['rows'][number];
