import {
  discussionRoom,
  GROUP_PAGE_SIZE,
  type DiscussionInfo,
  type GroupListRequest,
  type GroupProject,
  type GroupRole,
  type MembershipResponse,
  type PostGroupBody,
} from '@openlfg/contracts';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { conflict, notFound } from '../platform/http/errors.js';
import { retryTransaction } from '../platform/db/retry.js';
import { PagedLists } from '../platform/paged-lists.js';
import { normaliseDiscordInvite, normaliseGroupTopics, normaliseRepository, requireText } from './input.js';
import { decide, requireAllowed, type Actor } from './policy.js';
import { toGroupProject } from './presenters.js';
import type { GroupListQuery, GroupsRepository } from './repository.js';

interface Caller {
  id: number;
  login: string;
}

const noGroup = (id: number) => notFound(`There is no group project ${id}.`);

export function createGroupsService(
  repository: GroupsRepository,
  options: {
    listCacheTtlMs: number;
    /** Who may read the group's board may have changed (a member left, the group is gone): sockets re-check. */
    accessChanged?: (groupId: number) => void;
    log?: { warn(object: object, message: string): void };
  },
) {
  const log = options.log ?? { warn: () => {} };
  const accessChanged = options.accessChanged ?? (() => {});
  const { db } = repository;
  // Lists do not depend on who asks: cached per filter and page, cleared on every write that changes them.
  const lists = new PagedLists(options.listCacheTtlMs);
  const listsChanged = () => lists.clear();

  /** Runs `change` with the group's row locked; answers where the caller stands afterwards. */
  async function withLockedGroup<T>(
    groupId: number,
    change: (
      trx: Transaction<DB>,
      group: NonNullable<Awaited<ReturnType<GroupsRepository['lockGroup']>>>,
    ) => Promise<T>,
  ): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const group = await repository.lockGroup(trx, groupId);
      if (!group) throw noGroup(groupId);
      return change(trx, group);
    });
    listsChanged();
    return result;
  }

  const isFull = (group: { max_members: number | null; member_count: number }) =>
    group.max_members !== null && group.member_count >= group.max_members;

  return {
    list(request: GroupListRequest): Promise<string> {
      const query: GroupListQuery = {
        sortField: request.sortField,
        order: request.order,
        topics: [...new Set(request.topics ?? [])].sort(),
        skillLevels: [...new Set(request.skillLevels ?? [])].sort(),
        visibility: request.visibility ?? null,
        datePostedDays: request.datePosted ?? null,
      };
      return lists.answer(JSON.stringify(query), request.page, GROUP_PAGE_SIZE, {
        count: () => repository.count(query),
        rows: (page, total) => repository.page(query, page, total),
        present: toGroupProject,
      });
    },

    /** Creates a group; its creator is its owner and first member. */
    async post(caller: Caller, body: PostGroupBody): Promise<GroupProject> {
      const values = {
        title: requireText(body.title, 'title'),
        description: requireText(body.description, 'description'),
        repo_ext: normaliseRepository(body.repository),
        topics: normaliseGroupTopics(body.topics),
        skill_level: body.skillLevel,
        visibility: body.visibility,
        discord_url: normaliseDiscordInvite(body.discordUrl),
        max_members: body.maxMembers ?? null,
        owner_id: caller.id,
      };
      const id = await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('group_projects')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        await repository.addMember(trx, id, caller.id, 'owner');
        return id;
      });
      listsChanged();
      const row = await repository.findGroup(db, id);
      if (!row) throw noGroup(id);
      return toGroupProject(row);
    },

    async setSaved(caller: Caller, groupId: number, saved: boolean) {
      const result = await db.transaction().execute(async (trx) => {
        const exists = await trx
          .selectFrom('group_projects')
          .select('id')
          .where('id', '=', groupId)
          .forKeyShare()
          .executeTakeFirst();
        if (!exists) throw noGroup(groupId);
        const changed = saved
          ? await trx
              .insertInto('group_saves')
              .values({ user_id: caller.id, group_id: groupId })
              .onConflict((oc) => oc.columns(['user_id', 'group_id']).doNothing())
              .returning('group_id')
              .executeTakeFirst()
          : await trx
              .deleteFrom('group_saves')
              .where('user_id', '=', caller.id)
              .where('group_id', '=', groupId)
              .returning('group_id')
              .executeTakeFirst();
        const row = changed
          ? await trx
              .updateTable('group_projects')
              .set({ saves: sql`saves + ${saved ? 1 : -1}` })
              .where('id', '=', groupId)
              .returning('saves')
              .executeTakeFirstOrThrow()
          : await trx
              .selectFrom('group_projects')
              .select('saves')
              .where('id', '=', groupId)
              .executeTakeFirstOrThrow();
        return { changed: changed !== undefined, saves: row.saves };
      });
      if (result.changed) listsChanged();
      return { projectId: groupId, saved, saves: result.saves };
    },

    join(caller: Caller, groupId: number): Promise<MembershipResponse> {
      return withLockedGroup(groupId, async (trx, group) => {
        const role = await repository.roleOf(trx, groupId, caller.id);
        requireAllowed('join', {
          actor: role,
          visibility: group.visibility,
          full: isFull(group),
          hidden: group.hidden_at !== null,
        });
        const { member_count } = await repository.addMember(trx, groupId, caller.id, 'member');
        return { groupProjectId: groupId, viewerRole: 'member', memberCount: member_count };
      });
    },

    /** Asks to join a private group; asking again is harmless. Answers whether this call created the request. */
    async request(caller: Caller, groupId: number): Promise<MembershipResponse & { created: boolean }> {
      return withLockedGroup(groupId, async (trx, group) => {
        const role = await repository.roleOf(trx, groupId, caller.id);
        if (role === 'requester') {
          return {
            groupProjectId: groupId,
            viewerRole: role,
            memberCount: group.member_count,
            created: false,
          };
        }
        requireAllowed('request', {
          actor: role,
          visibility: group.visibility,
          hidden: group.hidden_at !== null,
        });
        await trx
          .insertInto('group_join_requests')
          .values({ group_id: groupId, user_id: caller.id })
          .execute();
        return {
          groupProjectId: groupId,
          viewerRole: 'requester',
          memberCount: group.member_count,
          created: true,
        };
      });
    },

    cancelRequest(caller: Caller, groupId: number): Promise<MembershipResponse> {
      return withLockedGroup(groupId, async (trx, group) => {
        const role = await repository.roleOf(trx, groupId, caller.id);
        requireAllowed('cancel-request', { actor: role, visibility: group.visibility });
        await trx
          .updateTable('group_join_requests')
          .set({ status: 'cancelled', decided_at: new Date() })
          .where('group_id', '=', groupId)
          .where('user_id', '=', caller.id)
          .where('status', '=', 'pending')
          .execute();
        return { groupProjectId: groupId, viewerRole: 'none', memberCount: group.member_count };
      });
    },

    /**
     * The owner approves or rejects a pending request. Deciding one that was already decided or cancelled, or
     * that never existed, is refused; approval and the new membership are one transaction.
     */
    decide(
      caller: Caller,
      groupId: number,
      requestUsername: string,
      approve: boolean,
    ): Promise<MembershipResponse> {
      return withLockedGroup(groupId, async (trx, group) => {
        const role = await repository.roleOf(trx, groupId, caller.id);
        requireAllowed('decide-requests', {
          actor: role,
          visibility: group.visibility,
          hidden: group.hidden_at !== null,
        });
        const requester = await repository.findUserByLogin(trx, requestUsername);
        const latest = requester
          ? await trx
              .selectFrom('group_join_requests')
              .select(['id', 'status'])
              .where('group_id', '=', groupId)
              .where('user_id', '=', requester.id)
              .orderBy('id', 'desc')
              .executeTakeFirst()
          : undefined;
        if (!requester || !latest) throw notFound(`${requestUsername} has not asked to join this group.`);
        if (latest.status === 'cancelled') throw conflict(`${requester.login} cancelled their request.`);
        if (latest.status !== 'pending')
          throw conflict(`${requester.login}'s request was already ${latest.status}.`);
        if (approve && isFull(group)) throw conflict('This group is full.');
        await trx
          .updateTable('group_join_requests')
          .set({ status: approve ? 'approved' : 'rejected', decided_at: new Date() })
          .where('id', '=', latest.id)
          .execute();
        const memberCount = approve
          ? (await repository.addMember(trx, groupId, requester.id, 'member')).member_count
          : group.member_count;
        return { groupProjectId: groupId, viewerRole: 'owner', memberCount };
      });
    },

    async leave(caller: Caller, groupId: number): Promise<MembershipResponse> {
      const result = await withLockedGroup(groupId, async (trx, group) => {
        const role = await repository.roleOf(trx, groupId, caller.id);
        requireAllowed('leave', { actor: role, visibility: group.visibility });
        const { member_count } = await repository.removeMember(trx, groupId, caller.id);
        return { groupProjectId: groupId, viewerRole: 'none' as const, memberCount: member_count };
      });
      accessChanged(groupId);
      return result;
    },

    /**
     * The creator deletes the group with everything attached to it, its discussion board's messages included,
     * in one transaction: nothing is left half-deleted.
     */
    async remove(caller: Caller, groupId: number): Promise<void> {
      await retryTransaction(
        () =>
          withLockedGroup(groupId, async (trx, group) => {
            requireAllowed('delete', {
              actor:
                group.owner_id === caller.id ? 'owner' : await repository.roleOf(trx, groupId, caller.id),
              visibility: group.visibility,
            });
            await repository.deleteGroup(trx, groupId);
          }),
        log,
        `deleting group ${groupId} with its messages`,
      );
      accessChanged(groupId);
    },

    async report(caller: Caller, groupId: number, reason: string): Promise<void> {
      const text = requireText(reason, 'reason');
      const group = await repository.findGroup(db, groupId);
      if (!group) throw noGroup(groupId);
      const role = await repository.roleOf(db, groupId, caller.id);
      requireAllowed('report', { actor: role, visibility: group.visibility });
      const inserted = await db
        .insertInto('group_reports')
        .values({ group_id: groupId, group_title: group.title, reporter_id: caller.id, reason: text })
        .onConflict((oc) => oc.columns(['group_id', 'reporter_id']).where('status', '=', 'open').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw conflict('You already reported this group; a moderator will look at it.');
    },

    /** One group's card; a hidden group has none, except for its owner. */
    async publicCard(caller: Caller | null, groupId: number): Promise<GroupProject> {
      const group = await repository.findGroup(db, groupId);
      if (!group || (group.hidden_at !== null && group.owner_id !== caller?.id)) throw noGroup(groupId);
      return toGroupProject(group);
    },

    /** Tells the cached lists that a group changed outside this service (moderation). */
    listsChanged,

    async discussionInfo(caller: Caller | null, groupId: number): Promise<DiscussionInfo> {
      const group = await repository.findGroup(db, groupId);
      if (!group) throw noGroup(groupId);
      const actor: Actor = caller ? await repository.roleOf(db, groupId, caller.id) : 'anonymous';
      const hidden = group.hidden_at !== null;
      requireAllowed('read-info', { actor, visibility: group.visibility, hidden });
      const members = await repository.members(db, groupId);
      return {
        group: toGroupProject(group),
        members: members.map((m) => ({
          login: m.login,
          avatarUrl: m.avatar_url,
          role: m.role,
          joinedAt: m.joined_at.toISOString(),
        })),
        discordUrl: group.discord_url,
        room: discussionRoom(groupId),
        canReadDiscussion: decide('read-discussion', { actor, visibility: group.visibility, hidden }).allowed,
        canPost: decide('post-message', { actor, visibility: group.visibility, hidden }).allowed,
        viewerRole: actor === 'anonymous' ? 'none' : (actor as GroupRole),
        // Only the owner learns that a moderator hid the group, and why.
        ...(actor === 'owner' ? { hidden, hiddenReason: group.hidden_reason } : {}),
      };
    },

    async myGroups(caller: Caller) {
      const rows = await repository.groupsOf(caller.id);
      return rows.map((row) => ({ ...toGroupProject(row), role: row.my_role }));
    },
    async created(caller: Caller) {
      return (await repository.createdBy(caller.id)).map(toGroupProject);
    },
    async saved(caller: Caller) {
      return (await repository.savedBy(caller.id)).map(toGroupProject);
    },
    async myRequests(caller: Caller) {
      const rows = await repository.myPendingRequests(caller.id);
      return rows.map((r) => ({
        groupProjectId: r.group_id,
        title: r.title,
        requestedAt: r.created_at.toISOString(),
      }));
    },
    async pendingRequests(caller: Caller) {
      const rows = await repository.pendingOnGroupsOwnedBy(caller.id);
      return rows.map((r) => ({
        groupProjectId: r.group_id,
        title: r.title,
        requestUsername: r.login,
        requestAvatarUrl: r.avatar_url,
        requestedAt: r.created_at.toISOString(),
      }));
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
