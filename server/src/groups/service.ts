import {
  canonicalTopics,
  DEFAULT_LIST_STATUSES,
  discussionRoom,
  GROUP_PAGE_SIZE,
  type DiscussionInfo,
  type GroupListRequest,
  type GroupCardResponse,
  type GroupProject,
  type GroupViewersResponse,
  type MembershipResponse,
  type EditGroupBody,
  type PostGroupBody,
  type RemoveMemberBody,
  type RemovedMember,
  type AllowBackResponse,
  type SettableGroupStatus,
} from '@openlfg/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { conflict, notFound } from '../platform/http/errors.js';
import { retryTransaction } from '../platform/db/retry.js';
import { PagedLists } from '../platform/paged-lists.js';
import { searchedFor, searchOf } from '../platform/search-query.js';
import type { NotificationEvent, PushNotifications } from '../notifications/service.js';
import {
  normaliseDiscordInvite,
  normaliseGroupTopics,
  normaliseRepository,
  optionalText,
  requireText,
} from './input.js';
import { allows, authorize, viewerOf, type GroupAccess, type GroupAction } from './policy.js';
import { plainExcerpt } from './excerpt.js';
import { toGroupProject, toGroupSummary } from './presenters.js';
import type { GroupListQuery, GroupsRepository } from './repository.js';

interface Caller {
  id: number;
  login: string;
}

/** A link's preview of a group: its words, or only that it is private. */
export type SharePreview =
  | {
      kind: 'group';
      groupId: number;
      title: string;
      excerpt: string;
      topics: string[];
      memberCount: number;
      maxMembers: number | null;
    }
  | { kind: 'private'; groupId: number };
/** A member's last activity: their last post on the board, else when they joined. */
function lastActive(joinedAt: Date, lastPost: Date | string | null | undefined): string {
  if (!lastPost) return joinedAt.toISOString();
  const posted = new Date(lastPost);
  return (posted > joinedAt ? posted : joinedAt).toISOString();
}

const noGroup = (id: number) => notFound(`There is no group project ${id}.`);

/** What the caller just did to a group (asked to join, joined, left), told to its owner. */
function ownerEvent(
  kind: 'join-requested' | 'member-joined' | 'member-left',
  access: GroupAccess,
  caller: Caller,
): NotificationEvent {
  return { kind, recipients: [access.ownerId], actorId: caller.id, groupId: access.groupId };
}

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
  };
}

export function createGroupsService(
  repository: GroupsRepository,
  options: {
    listCacheTtlMs: number;
    /** Who may read the group's board may have changed (a member left, the group is gone): sockets re-check. */
    accessChanged?: (groupId: number) => void;
    log?: { warn(object: object, message: string): void };
    /** Records a notification in the writing transaction (notifications/service.ts `record`). */
    notify?: (trx: Transaction<DB>, event: NotificationEvent) => Promise<PushNotifications>;
  },
) {
  const log = options.log ?? { warn: () => {} };
  const accessChanged = options.accessChanged ?? (() => {});
  const notify = options.notify ?? (async () => () => {});
  /** Runs a membership change that records notifications, then pushes them once it has committed. */
  async function notifying<T>(
    run: (record: (trx: Transaction<DB>, event: NotificationEvent) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const pushes: PushNotifications[] = [];
    const result = await run(async (trx, event) => {
      pushes.push(await notify(trx, event));
    });
    pushes.forEach((push) => push());
    return result;
  }
  const { db } = repository;
  // Lists do not depend on who asks: cached per filter and page, cleared on every write that changes them.
  const lists = new PagedLists(options.listCacheTtlMs);
  const listsChanged = () => lists.clear();

  /**
   * Runs `change` in a transaction holding the group's row (so membership changes to one group happen one at a
   * time), after the policy allowed `action` on what the access loader read. Lists are cleared afterwards.
   */
  async function changeGroup<T>(
    action: GroupAction,
    caller: Caller,
    groupId: number,
    change: (trx: Transaction<DB>, access: GroupAccess) => Promise<T>,
  ): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const access = await repository.loadAccess(trx, groupId, caller.id, 'update');
      if (!access) throw noGroup(groupId);
      authorize(action, access, caller.id);
      return change(trx, access);
    });
    listsChanged();
    return result;
  }

  /** Reads the group's access facts and asks the policy, outside any transaction (reads and reports). */
  async function readGroup(
    action: GroupAction,
    caller: Caller | null,
    groupId: number,
  ): Promise<GroupAccess> {
    const access = await repository.loadAccess(db, groupId, caller?.id ?? null);
    if (!access) throw noGroup(groupId);
    authorize(action, access, caller?.id ?? null);
    return access;
  }

  /**
   * Where the caller stands after a membership change: the group read again in the change's transaction, so the
   * answer counts the change and the client can show the next actions without deriving them.
   */
  async function standing(
    trx: Transaction<DB>,
    groupId: number,
    callerId: number,
  ): Promise<MembershipResponse> {
    const access = await repository.loadAccess(trx, groupId, callerId);
    if (!access) throw noGroup(groupId);
    return {
      groupProjectId: groupId,
      memberCount: access.memberCount,
      viewer: viewerOf(access, callerId),
    };
  }

  /** One group's card with the caller's standing in it; a hidden group has none, except for its owner. */
  async function cardFor(caller: Caller | null, groupId: number): Promise<GroupCardResponse> {
    const access = await readGroup('read-card', caller, groupId);
    const group = await repository.findGroup(db, groupId);
    if (!group) throw noGroup(groupId);
    return { ...toGroupProject(group), viewer: viewerOf(access, caller?.id ?? null) };
  }

  /** A member of the group by login; refused as a 404 when they are not one. */
  async function memberOf(trx: Transaction<DB>, groupId: number, login: string) {
    const user = await repository.findUserByLogin(trx, login);
    const membership = user ? await repository.membership(trx, groupId, user.id) : undefined;
    if (!user || !membership) throw notFound(`${login} is not a member of this group (body.memberUsername).`);
    return user;
  }

  /** Writes an owner's action on a member to the audit log, in the action's transaction. */
  async function audit(
    trx: Transaction<DB>,
    caller: Caller,
    action: 'group.remove-member' | 'group.allow-back' | 'group.transfer-ownership',
    groupId: number,
    member: string,
    reason: string | null = null,
  ) {
    const group = await repository.findGroup(trx, groupId);
    if (!group) throw noGroup(groupId);
    await repository.auditOwnerAction(trx, caller, action, group, member, reason);
  }

  return {
    list(request: GroupListRequest): Promise<string> {
      const query: GroupListQuery = {
        sortField: request.sortField,
        order: request.order,
        // A topic is looked up under its canonical name, as groups store them.
        topics: canonicalTopics(request.topics ?? []).sort(),
        skillLevels: [...new Set(request.skillLevels ?? [])].sort(),
        visibility: request.visibility ?? null,
        statuses: [...new Set(request.statuses?.length ? request.statuses : DEFAULT_LIST_STATUSES)].sort(),
        datePostedDays: request.datePosted ?? null,
        search: searchOf(request),
      };
      return lists.answer(JSON.stringify(query), request.page, GROUP_PAGE_SIZE, {
        count: () => repository.count(query),
        rows: (page, total, counts) => repository.page(query, page, total, counts.match),
        present: toGroupSummary,
        extra: (counts) => ({ searchedFor: searchedFor(counts.match, query.search) }),
      });
    },

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
     * The owner removes a member (never themselves: they hand the group over or delete it), with an optional
     * reason, audit-logged. The removed member's open boards close at once (a private group's board is theirs
     * no longer). Answers the owner's standing, and the removed member with the reason for whoever tells them.
     */
    async removeMember(
      caller: Caller,
      body: RemoveMemberBody,
    ): Promise<MembershipResponse & { removed: { id: number; login: string; reason: string | null } }> {
      const { groupProjectId: groupId, memberUsername } = body;
      const reason = body.reason?.trim() ? body.reason.trim() : null;
      const result = await notifying((record) =>
        changeGroup('remove-member', caller, groupId, async (trx) => {
          const member = await memberOf(trx, groupId, memberUsername);
          if (member.id === caller.id) {
            throw conflict('You own this group: hand it over to a member before you step out of it.');
          }
          await repository.removeMember(trx, groupId, member.id);
          await repository.barRemoved(trx, groupId, member.id, caller.id, reason);
          await audit(trx, caller, 'group.remove-member', groupId, member.login, reason);
          // Told even of a private group: they were in it, and now learn why they are not.
          await record(trx, {
            kind: 'member-removed',
            recipients: [member.id],
            actorId: caller.id,
            groupId,
            note: reason,
          });
          return { ...(await standing(trx, groupId, caller.id)), removed: { ...member, reason } };
        }),
      );
      accessChanged(groupId);
      return result;
    },

    /** The people removed from the group, barred from coming back: for its owner, who may allow them back. */
    async removedMembers(caller: Caller, groupId: number): Promise<RemovedMember[]> {
      await readGroup('allow-back', caller, groupId);
      const rows = await repository.removedMembers(db, groupId);
      return rows.map((row) => ({
        login: row.login,
        avatarUrl: row.avatar_url,
        removedAt: row.removed_at.toISOString(),
        reason: row.reason,
      }));
    },

    /** The owner lifts a removal: the person may join, ask or use an invite again. Audit-logged. */
    allowBack(caller: Caller, groupId: number, login: string): Promise<AllowBackResponse> {
      return changeGroup('allow-back', caller, groupId, async (trx) => {
        const lifted = await repository.allowBack(trx, groupId, login);
        if (!lifted) throw notFound(`${login} was not removed from this group (body.memberUsername).`);
        await audit(trx, caller, 'group.allow-back', groupId, lifted.login);
        return { groupProjectId: groupId, login: lifted.login, allowedBack: true as const };
      });
    },

    /** The owner hands the group to one of its members and stays a member; audit-logged. */
    transferOwnership(caller: Caller, groupId: number, memberUsername: string) {
      return notifying((record) =>
        changeGroup('transfer-ownership', caller, groupId, async (trx) => {
          const member = await memberOf(trx, groupId, memberUsername);
          if (member.id === caller.id) throw conflict('You already own this group.');
          await repository.transferOwnership(trx, groupId, caller.id, member.id);
          await audit(trx, caller, 'group.transfer-ownership', groupId, member.login);
          await record(trx, {
            kind: 'ownership-received',
            recipients: [member.id],
            actorId: caller.id,
            groupId,
          });
          return { ...(await standing(trx, groupId, caller.id)), newOwner: member };
        }),
      );
    },

    async setSaved(caller: Caller, groupId: number, saved: boolean) {
      const result = await db.transaction().execute(async (trx) => {
        // A key share lock: a save never waits for a join, but a deletion in progress finishes first.
        const access = await repository.loadAccess(trx, groupId, caller.id, 'key share');
        if (!access) throw noGroup(groupId);
        authorize('save', access, caller.id);
        return repository.setSaved(trx, groupId, caller.id, saved);
      });
      if (result.changed) listsChanged();
      return { projectId: groupId, saved, saves: result.saves };
    },

    join(caller: Caller, groupId: number): Promise<MembershipResponse> {
      return notifying((record) =>
        changeGroup('join', caller, groupId, async (trx, access) => {
          await repository.addMember(trx, groupId, caller.id, 'member');
          await record(trx, ownerEvent('member-joined', access, caller));
          return standing(trx, groupId, caller.id);
        }),
      );
    },

    /**
     * Asks to join a private group, with an optional message answering the owner's question; asking again is
     * harmless (the first request and its message stand). Answers whether this call created the request.
     */
    request(
      caller: Caller,
      groupId: number,
      message?: string,
    ): Promise<MembershipResponse & { created: boolean }> {
      return notifying((record) =>
        changeGroup('request', caller, groupId, async (trx, access) => {
          const created = access.role !== 'requester';
          if (created) {
            await repository.insertJoinRequest(trx, groupId, caller.id, optionalText(message));
            await record(trx, ownerEvent('join-requested', access, caller));
          }
          return { ...(await standing(trx, groupId, caller.id)), created };
        }),
      );
    },

    cancelRequest(caller: Caller, groupId: number): Promise<MembershipResponse> {
      return changeGroup('cancel-request', caller, groupId, async (trx) => {
        await repository.cancelJoinRequest(trx, groupId, caller.id);
        return standing(trx, groupId, caller.id);
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
      note?: string,
    ): Promise<MembershipResponse> {
      const action = approve ? 'approve-request' : 'reject-request';
      // A blank note is none; the schema bounds its length.
      const ownerNote = optionalText(note);
      return notifying((record) =>
        changeGroup(action, caller, groupId, async (trx) => {
          const requester = await repository.findUserByLogin(trx, requestUsername);
          const latest = requester
            ? await repository.latestJoinRequest(trx, groupId, requester.id)
            : undefined;
          if (!requester || !latest) throw notFound(`${requestUsername} has not asked to join this group.`);
          if (latest.status === 'cancelled') throw conflict(`${requester.login} cancelled their request.`);
          if (latest.status !== 'pending')
            throw conflict(`${requester.login}'s request was already ${latest.status}.`);
          await repository.decideJoinRequest(trx, latest.id, approve, ownerNote);
          if (approve) await repository.addMember(trx, groupId, requester.id, 'member');
          await record(trx, {
            kind: approve ? 'request-approved' : 'request-declined',
            recipients: [requester.id],
            actorId: caller.id,
            groupId,
            note: ownerNote,
          });
          return standing(trx, groupId, caller.id);
        }),
      );
    },

    async leave(caller: Caller, groupId: number): Promise<MembershipResponse> {
      const result = await notifying((record) =>
        changeGroup('leave', caller, groupId, async (trx, access) => {
          await repository.removeMember(trx, groupId, caller.id);
          await record(trx, ownerEvent('member-left', access, caller));
          return standing(trx, groupId, caller.id);
        }),
      );
      accessChanged(groupId);
      return result;
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

    /**
     * What a link to the group's page previews (Discord, Slack): what anyone who follows it may see, signed in or
     * not. A group whose card nobody may see (hidden, unknown) has none, so the site's own shows; a group whose
     * details are for members (private) says only that it is private.
     */
    async sharePreview(groupId: number): Promise<SharePreview | null> {
      const found = await repository.sharePreview(groupId);
      if (!found || !allows('read-card', found.access, null)) return null;
      if (!allows('read-info', found.access, null)) return { kind: 'private', groupId };
      const { row } = found;
      return {
        kind: 'group',
        groupId,
        title: row.title,
        excerpt: plainExcerpt(row.description),
        topics: row.topics,
        memberCount: row.member_count,
        maxMembers: row.max_members,
      };
    },

    /** One group's card with the caller's standing in it; a hidden group has none, except for its owner. */
    publicCard: cardFor,

    /** The caller's standing in each group of a list; groups whose card they cannot see are left out. */
    async viewers(caller: Caller | null, groupIds: readonly number[]): Promise<GroupViewersResponse> {
      const callerId = caller?.id ?? null;
      const accesses = await repository.loadAccessMany(db, [...new Set(groupIds)], callerId);
      return {
        data: accesses
          .filter((access) => allows('read-card', access, callerId))
          .map((access) => ({ groupProjectId: access.groupId, viewer: viewerOf(access, callerId) })),
      };
    },

    /** Tells the cached lists that a group changed outside this service (moderation). */
    listsChanged,

    async discussionInfo(caller: Caller | null, groupId: number): Promise<DiscussionInfo> {
      const access = await readGroup('read-info', caller, groupId);
      const callerId = caller?.id ?? null;
      const group = await repository.findGroup(db, groupId);
      if (!group) throw noGroup(groupId);
      const members = await repository.members(db, groupId);
      // Only the owner sees when each member was last active: the field is absent for everyone else.
      const lastPosts = allows('read-activity', access, callerId)
        ? new Map((await repository.lastPosts(db, groupId)).map((p) => [p.user_id, p.last_post_at]))
        : null;
      return {
        group: toGroupProject(group),
        members: members.map((m) => ({
          login: m.login,
          avatarUrl: m.avatar_url,
          role: m.role,
          joinedAt: m.joined_at.toISOString(),
          ...(lastPosts ? { lastActiveAt: lastActive(m.joined_at, lastPosts.get(m.id)) } : {}),
        })),
        discordUrl: group.discord_url,
        room: discussionRoom(groupId),
        viewer: viewerOf(access, callerId),
        // Only the owner learns that a moderator hid the group, and why.
        ...(callerId !== null && access.role === 'owner'
          ? { hidden: access.hidden, hiddenReason: group.hidden_reason }
          : {}),
      };
    },

    async myGroups(caller: Caller) {
      const rows = await repository.groupsOf(caller.id);
      return rows.map((row) => ({ ...toGroupSummary(row), role: row.my_role }));
    },
    async created(caller: Caller) {
      return (await repository.createdBy(caller.id)).map(toGroupSummary);
    },
    async saved(caller: Caller) {
      return (await repository.savedBy(caller.id)).map(toGroupSummary);
    },
    async myRequests(caller: Caller) {
      const rows = await repository.myPendingRequests(caller.id);
      return rows.map((r) => ({
        groupProjectId: r.group_id,
        title: r.title,
        requestedAt: r.created_at.toISOString(),
        status: r.status === 'pending' || r.status === 'approved' ? r.status : ('rejected' as const),
        decidedAt: r.decided_at?.toISOString() ?? null,
        note: r.note,
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
        message: r.message,
      }));
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
