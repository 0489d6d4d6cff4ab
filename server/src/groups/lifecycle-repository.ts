import { discussionRoom } from '@openlfg/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { writeAudit } from '../platform/db/audit-log.js';
import type { DB } from '../platform/db/schema.js';
import { addMember } from './membership-repository.js';
import type { GroupAccess } from './policy.js';

/** A group's life: posted, edited, opened, closed or archived, reported, deleted; owners' acts audit-logged. */
export function createLifecycleRepository(db: Kysely<DB>) {
  return {
    /** Inserts a group with its creator as owner and first member; answers its id. */
    async insertGroup(trx: Transaction<DB>, values: Insertable<DB['group_projects']>): Promise<number> {
      const { id } = await trx
        .insertInto('group_projects')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      await addMember(trx, id, values.owner_id, 'owner');
      return id;
    },

    /** Writes the owner's edit of the group's fields and marks it edited now. */
    async updateGroup(
      trx: Transaction<DB>,
      groupId: number,
      values: Updateable<DB['group_projects']>,
    ): Promise<void> {
      await trx
        .updateTable('group_projects')
        .set({ ...values, edited_at: new Date(), active_at: new Date() })
        .where('id', '=', groupId)
        .execute();
    },

    /** The owner's status for the group (open, closed or archived). */
    async setStatus(trx: Transaction<DB>, groupId: number, status: GroupAccess['status']): Promise<void> {
      await trx.updateTable('group_projects').set({ status }).where('id', '=', groupId).execute();
    },

    /** Files a report; answers false when this user already has an open report on the group. */
    async insertReport(
      groupId: number,
      groupTitle: string,
      reporterId: number,
      reason: string,
    ): Promise<boolean> {
      const inserted = await db
        .insertInto('group_reports')
        .values({ group_id: groupId, group_title: groupTitle, reporter_id: reporterId, reason })
        .onConflict((oc) => oc.columns(['group_id', 'reporter_id']).where('status', '=', 'open').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Locks the group row for the rest of the transaction: membership changes to one group run one at a time. */
    lockGroup(trx: Transaction<DB>, id: number) {
      return trx.selectFrom('group_projects').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /**
     * Deletes the group with everything attached to it, its discussion board's messages included. Call it in a
     * transaction that holds the group's row (lockGroup): the creator's deletion and a moderator's share it.
     */
    async deleteGroup(trx: Transaction<DB>, groupId: number): Promise<void> {
      await trx.deleteFrom('messages').where('room', '=', discussionRoom(groupId)).execute();
      await trx.deleteFrom('group_saves').where('group_id', '=', groupId).execute();
      await trx.deleteFrom('group_join_requests').where('group_id', '=', groupId).execute();
      await trx.deleteFrom('group_members').where('group_id', '=', groupId).execute();
      await trx.deleteFrom('group_projects').where('id', '=', groupId).execute();
    },

    /**
     * Closes the open reports on a group its owner is deleting (outcome `deleted-by-owner`: nothing is left for
     * a moderator to decide) and records it in the audit log, in the deleting transaction. Answers how many.
     */
    async closeReportsOnOwnerDeletion(
      trx: Transaction<DB>,
      group: { id: number; title: string },
      owner: { id: number; login: string },
    ): Promise<number> {
      const closed = await trx
        .updateTable('group_reports')
        .set({ status: 'actioned', outcome: 'deleted-by-owner', closed_at: new Date() })
        .where('group_id', '=', group.id)
        .where('status', '=', 'open')
        .returning('id')
        .execute();
      if (closed.length > 0) {
        await writeAudit(trx, {
          actor: owner,
          action: 'group.delete-by-owner',
          objectType: 'group_project',
          objectId: group.id,
          details: { reportsClosed: closed.length, title: group.title },
        });
      }
      return closed.length;
    },

    /** Records an owner's action on another member (a removal, a hand-over) in the audit log. */
    auditOwnerAction(
      trx: Transaction<DB>,
      owner: { id: number; login: string },
      action: 'group.remove-member' | 'group.allow-back' | 'group.transfer-ownership',
      group: { id: number; title: string },
      member: string,
      reason: string | null = null,
    ): Promise<void> {
      return writeAudit(trx, {
        actor: owner,
        action,
        objectType: 'group_project',
        objectId: group.id,
        reason,
        details: { title: group.title, member },
      });
    },
  };
}
