import type {
  GroupCardResponse,
  GroupProject,
  EditGroupBody,
  PostGroupBody,
  SettableGroupStatus,
} from '@openlfg/contracts';
import { conflict } from '../platform/http/errors.js';
import { retryTransaction } from '../platform/db/retry.js';
import {
  normaliseDiscordInvite,
  normaliseGroupNeeds,
  normaliseGroupTopics,
  normaliseRepository,
  optionalText,
  requireText,
} from './input.js';
import { toGroupProject } from './presenters.js';
import { noGroup, type Caller, type GroupSteps } from './service-steps.js';

/** A posted or edited group's fields as stored, under one set of rules (input.ts, the contracts' own). */
function storedFields(body: PostGroupBody) {
  return {
    title: requireText(body.title, 'title'),
    description: requireText(body.description, 'description'),
    repo_ext: normaliseRepository(body.repository),
    topics: normaliseGroupTopics(body.topics),
    skill_level: body.skillLevel,
    visibility: body.visibility,
    discord_url: normaliseDiscordInvite(body.discordUrl),
    max_members: body.maxMembers ?? null,
    join_question: optionalText(body.joinQuestion),
    // Absent needs leave the stored ones as they are (an older client's edit does not clear them).
    ...(body.needs ? normaliseGroupNeeds(body.needs) : {}),
  };
}

/** A group's life: posted, edited, opened, closed or archived, deleted, reported. */
export function createLifecycleService(steps: GroupSteps) {
  const { repository, db, log, accessChanged, listsChanged, changeGroup, readGroup, cardFor } = steps;
  return {
    /** Creates a group; its creator is its owner and first member. */
    async post(caller: Caller, body: PostGroupBody): Promise<GroupProject> {
      const values = { ...storedFields(body), owner_id: caller.id };
      const id = await db.transaction().execute((trx) => repository.insertGroup(trx, values));
      listsChanged();
      const row = await repository.findGroup(db, id);
      if (!row) throw noGroup(id);
      return toGroupProject(row);
    },

    /**
     * The owner changes the group's fields, under the rules of posting. Its capacity cannot go below the members
     * it has; a change of visibility applies from now (pending requests stay for the owner to decide).
     */
    async edit(caller: Caller, body: EditGroupBody): Promise<GroupProject> {
      const { groupProjectId: groupId, ...fields } = body;
      const values = storedFields(fields);
      await changeGroup('edit', caller, groupId, async (trx, access) => {
        if (values.max_members !== null && values.max_members < access.memberCount) {
          throw conflict(
            `This group has ${access.memberCount} members: its maximum cannot be below that (body.maxMembers).`,
          );
        }
        await repository.updateGroup(trx, groupId, values);
      });
      // Who may read the board may have changed with its visibility: open sockets check again.
      accessChanged(groupId);
      const row = await repository.findGroup(db, groupId);
      if (!row) throw noGroup(groupId);
      return toGroupProject(row);
    },

    /**
     * The owner opens, closes (no new members) or archives (no new members, a read-only board) the group.
     * Full is not set but follows from the member count.
     */
    async setStatus(
      caller: Caller,
      groupId: number,
      status: SettableGroupStatus,
    ): Promise<GroupCardResponse> {
      await changeGroup('set-status', caller, groupId, (trx) => repository.setStatus(trx, groupId, status));
      return cardFor(caller, groupId);
    },

    /**
     * The creator deletes the group with everything attached to it, its discussion board's messages included,
     * in one transaction: nothing is left half-deleted, and a post racing it waits for it (see loadAccess).
     */
    async remove(caller: Caller, groupId: number): Promise<void> {
      await retryTransaction(
        () =>
          changeGroup('delete', caller, groupId, async (trx) => {
            const group = await repository.findGroup(trx, groupId);
            await repository.deleteGroup(trx, groupId);
            // Reports against it are answered: the group is gone, so they leave the moderators' queue.
            if (group) await repository.closeReportsOnOwnerDeletion(trx, group, caller);
          }),
        log,
        `deleting group ${groupId} with its messages`,
      );
      accessChanged(groupId);
    },

    async report(caller: Caller, groupId: number, reason: string): Promise<void> {
      await readGroup('report', caller, groupId);
      const text = requireText(reason, 'reason');
      const group = await repository.findGroup(db, groupId);
      if (!group) throw noGroup(groupId);
      if (!(await repository.insertReport(groupId, group.title, caller.id, text))) {
        throw conflict('You already reported this group; a moderator will look at it.');
      }
    },
  };
}
