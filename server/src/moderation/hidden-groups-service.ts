import {
  ADMIN_PAGE_SIZE,
  type HiddenGroup,
  type HiddenGroupsResponse,
  type RestoreOutcome,
} from '@openlfg/contracts';
import type { Moderator } from '../accounts/authentication.js';
import type { GroupsRepository } from '../groups/repository.js';
import { writeAudit } from '../platform/db/audit-log.js';
import { conflict, notFound } from '../platform/http/errors.js';
import type { ModerationEffects } from './effects.js';
import type { HiddenGroupsRepository } from './hidden-groups-repository.js';
import { adminPage, toHiddenGroup } from './presenters.js';

/**
 * Groups moderators hid (hiding is an answer to reports, reports-service.ts): the list, one for the Restore on
 * its page, and restoring one.
 */
export function createHiddenGroupsService(
  deps: {
    repository: HiddenGroupsRepository;
    groups: Pick<GroupsRepository, 'lockGroup'>;
  } & Pick<ModerationEffects, 'notify' | 'groupListsChanged' | 'groupAccessChanged'>,
) {
  const { repository, groups } = deps;
  return {
    async list(page: number): Promise<HiddenGroupsResponse> {
      const { total, rows } = await repository.hiddenGroups(page, ADMIN_PAGE_SIZE);
      return adminPage(rows.map(toHiddenGroup), page, total);
    },

    /** One hidden group, for the Restore on its page; a group that is not hidden (or not there) is a 404. */
    async one(groupId: number): Promise<HiddenGroup> {
      const row = await repository.hiddenGroup(groupId);
      if (!row) throw notFound(`Group project ${groupId} is not hidden.`);
      return toHiddenGroup(row);
    },

    /** Shows a hidden group again, audit-logged like hiding it; a group that is not hidden is refused. */
    async restore(actor: Moderator, groupId: number, reason: string): Promise<RestoreOutcome> {
      const push = await repository.db.transaction().execute(async (trx) => {
        const group = await groups.lockGroup(trx, groupId);
        if (!group) throw notFound(`There is no group project ${groupId}.`);
        if (!group.hidden_at) throw conflict('This group is not hidden.');
        await repository.restoreGroup(trx, groupId);
        await writeAudit(trx, {
          actor,
          action: 'group.restore',
          objectType: 'group_project',
          objectId: groupId,
          reason,
          details: { title: group.title, hiddenReason: group.hidden_reason },
        });
        return deps.notify(trx, {
          kind: 'group-restored',
          recipients: [group.owner_id],
          actorId: actor.id,
          groupId,
          subject: group.title,
          note: reason,
        });
      });
      push();
      deps.groupListsChanged();
      deps.groupAccessChanged(groupId);
      return { groupId, restored: true };
    },
  };
}

export type HiddenGroupsService = ReturnType<typeof createHiddenGroupsService>;
