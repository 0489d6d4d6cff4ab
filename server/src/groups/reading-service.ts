import {
  canonicalTopics,
  ErrorCode,
  DEFAULT_LIST_STATUSES,
  discussionRoom,
  GROUP_PAGE_SIZE,
  type DiscussionInfo,
  type GroupListRequest,
  type GroupListResponse,
  type GroupViewersResponse,
} from '@openlfg/contracts';
import { HttpError } from '../platform/http/errors.js';
import { searchedFor, searchOf } from '../platform/search-query.js';
import { allows, authorize, viewerOf } from './policy.js';
import { plainExcerpt } from './excerpt.js';
import { toGroupProject, toGroupSummary, toMatchedGroup } from './presenters.js';
import type { GroupListQuery } from './repository.js';
import { noGroup, type Caller, type GroupSteps } from './service-steps.js';

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

/** Reading groups: the public list, one group's card and page, share previews, saves and the caller's own lists. */
/** A list request's filters as the repositories read them (the sort aside). */
function listQueryOf(request: GroupListRequest): GroupListQuery {
  return {
    sortField: request.sortField === 'match' ? 'date_posted' : request.sortField,
    order: request.order,
    // A topic is looked up under its canonical name, as groups store them.
    topics: canonicalTopics(request.topics ?? []).sort(),
    skillLevels: [...new Set(request.skillLevels ?? [])].sort(),
    visibility: request.visibility ?? null,
    statuses: [...new Set(request.statuses?.length ? request.statuses : DEFAULT_LIST_STATUSES)].sort(),
    datePostedDays: request.datePosted ?? null,
    search: searchOf(request),
  };
}

export function createReadingService(steps: GroupSteps) {
  const { repository, db, lists, listsChanged, readGroup, cardFor, matchProfileOf } = steps;
  return {
    /**
     * "Groups for you" (`sortField: "match"`): the list's filters ranked against the caller's profile, each group
     * with why. Depends on the caller, so never cached; nobody signed in is asked to sign in (401).
     */
    async listForYou(caller: Caller | null, request: GroupListRequest): Promise<GroupListResponse> {
      if (!caller) {
        throw new HttpError(401, ErrorCode.unauthenticated, 'Sign in with GitHub to see the groups for you.');
      }
      const query = listQueryOf(request);
      if (!matchProfileOf) throw new Error('Groups for you needs the profiles (matchProfileOf)');
      const profile = await matchProfileOf(caller.id);
      let ranked = await repository.rankForYou(query, profile, request.page);
      const totalPages = Math.max(1, Math.ceil(ranked.total / GROUP_PAGE_SIZE));
      // Past the end: the last page, as the other sorts answer.
      const page = Math.min(request.page, totalPages);
      if (page !== request.page) ranked = await repository.rankForYou(query, profile, page);
      const { total, rows } = ranked;
      const now = new Date();
      return {
        data: rows.map((row) => toMatchedGroup(row, profile, now)),
        totalPages,
        pageLocation: page,
        total,
        searchedFor: null,
      };
    },

    list(request: GroupListRequest): Promise<string> {
      const query = listQueryOf(request);
      return lists.answer(JSON.stringify(query), request.page, GROUP_PAGE_SIZE, {
        count: () => repository.count(query),
        rows: (page, total, counts) => repository.page(query, page, total, counts.match),
        present: toGroupSummary,
        extra: (counts) => ({ searchedFor: searchedFor(counts.match, query.search) }),
      });
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
    /**
     * The groups around a repository, as lists show them to anyone: the list's one filter (`listable`, the SQL
     * form of the policy's `read-card` for an anonymous caller) leaves hidden groups out; private ones show
     * their card, which carries nothing private, as in every list.
     */
    async aroundRepository(repoExt: string, limit: number) {
      const { rows, total } = await repository.aroundRepository(repoExt, limit);
      return { groups: rows.map(toGroupSummary), total };
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
