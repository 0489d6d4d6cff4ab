import { ADMIN_PAGE_SIZE, type AdminReportedGroup, type ReportOutcome } from '@openlfg/contracts';
import type { Moderator } from '../accounts/authentication.js';
import type { GroupsRepository } from '../groups/repository.js';
import type { PushNotifications } from '../notifications/service.js';
import { writeAudit } from '../platform/db/audit-log.js';
import { retryTransaction } from '../platform/db/retry.js';
import { conflict, notFound } from '../platform/http/errors.js';
import type { ModerationEffects, ModerationLog } from './effects.js';
import type { HiddenGroupsRepository } from './hidden-groups-repository.js';
import { adminPage } from './presenters.js';
import type { ReportsRepository } from './reports-repository.js';

type Outcome = ReportOutcome['outcome'];

const AUDIT_ACTION = { dismissed: 'report.dismiss', hidden: 'group.hide', deleted: 'group.delete' } as const;
const DOING = { dismissed: 'dismissing reports on', hidden: 'hiding', deleted: 'deleting' } as const;

/**
 * Users' reports on groups: the groups with open reports, and the moderator's answer to them (dismiss, hide or
 * delete the group), which closes the group's open reports in the same transaction.
 */
export function createReportsService(
  deps: {
    repository: ReportsRepository;
    hidden: Pick<HiddenGroupsRepository, 'hideGroup'>;
    groups: Pick<GroupsRepository, 'lockGroup' | 'deleteGroup'>;
    log: ModerationLog;
  } & Pick<ModerationEffects, 'notify' | 'groupListsChanged' | 'groupAccessChanged'>,
) {
  const { repository, groups, notify } = deps;

  /** Closes the group's open reports with `outcome` after acting on it, in one transaction with the group locked. */
  async function actOnGroup(
    actor: Moderator,
    groupId: number,
    outcome: Outcome,
    reason: string | null,
  ): Promise<ReportOutcome> {
    // One transaction, run again if it failed for the database's sake (a deadlock, a restart): a deletion is
    // never left half-done, and never silently dropped.
    let push: PushNotifications = () => {};
    const closed = await retryTransaction(
      () =>
        repository.db.transaction().execute(async (trx) => {
          const group = await groups.lockGroup(trx, groupId);
          if (outcome !== 'dismissed' && !group) throw notFound(`There is no group project ${groupId}.`);
          if (outcome === 'hidden' && group?.hidden_at) throw conflict('This group is already hidden.');
          if (outcome === 'hidden') await deps.hidden.hideGroup(trx, groupId, actor.id, reason ?? '');
          if (outcome === 'deleted') await groups.deleteGroup(trx, groupId);
          const count = await repository.closeReports(trx, groupId, outcome);
          if (outcome === 'dismissed' && count === 0) {
            throw conflict(`There are no open reports on group project ${groupId}.`);
          }
          await writeAudit(trx, {
            actor,
            action: AUDIT_ACTION[outcome],
            objectType: 'group_project',
            objectId: groupId,
            reason,
            details: { reportsClosed: count, ...(group ? { title: group.title } : {}) },
          });
          // The owner learns what a moderator did to their group, and why (a dismissal changes nothing).
          if (group && outcome !== 'dismissed') {
            push = await notify(trx, {
              kind: outcome === 'hidden' ? 'group-hidden' : 'group-deleted',
              recipients: [group.owner_id],
              actorId: actor.id,
              groupId,
              subject: group.title,
              note: reason,
            });
          }
          return count;
        }),
      deps.log,
      `${DOING[outcome]} group ${groupId}`,
    );
    push();
    if (outcome !== 'dismissed') {
      deps.groupListsChanged();
      deps.groupAccessChanged(groupId);
    }
    return { groupId, outcome, reportsClosed: closed };
  }

  return {
    async open(page: number) {
      const { total, ids, reports } = await repository.openReports(page, ADMIN_PAGE_SIZE);
      const byGroup = new Map<number, AdminReportedGroup>();
      for (const id of ids)
        byGroup.set(id, { groupId: id, title: '', exists: false, hidden: false, reports: [] });
      for (const row of reports) {
        const group = byGroup.get(row.group_id);
        if (!group) continue;
        if (group.reports.length === 0) {
          group.title = row.current_title ?? row.group_title;
          group.exists = row.existing_id !== null;
          group.hidden = row.hidden_at !== null;
        }
        group.reports.push({ reporter: row.login, reason: row.reason, at: row.created_at.toISOString() });
      }
      return adminPage([...byGroup.values()], page, total);
    },

    dismiss: (actor: Moderator, groupId: number, reason: string | null) =>
      actOnGroup(actor, groupId, 'dismissed', reason),
    hide: (actor: Moderator, groupId: number, reason: string) => actOnGroup(actor, groupId, 'hidden', reason),
    deleteGroup: (actor: Moderator, groupId: number, reason: string | null) =>
      actOnGroup(actor, groupId, 'deleted', reason),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
