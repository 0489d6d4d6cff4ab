import {
  JOIN_REQUESTS_PENDING_MAX,
  JOIN_REQUESTS_PER_DAY_MAX,
  type GroupCardResponse,
  type MembershipResponse,
} from '@openlfg/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { notFound } from '../platform/http/errors.js';
import { PagedLists } from '../platform/paged-lists.js';
import type { NotificationEvent, PushNotifications } from '../notifications/service.js';
import { authorize, viewerOf, type GroupAccess, type GroupAction } from './policy.js';
import { toGroupProject } from './presenters.js';
import type { GroupsRepository, MatchProfile } from './repository.js';

/** Who acts: the signed-in user, as the session knows them. */
export interface Caller {
  id: number;
  login: string;
}

export const noGroup = (id: number) => notFound(`There is no group project ${id}.`);

export interface GroupsServiceOptions {
  listCacheTtlMs: number;
  /** Who may read the group's board may have changed (a member left, the group is gone): sockets re-check. */
  accessChanged?: (groupId: number) => void;
  log?: { warn(object: object, message: string): void };
  /** Records a notification in the writing transaction (notifications/service.ts `record`). */
  notify?: (trx: Transaction<DB>, event: NotificationEvent) => Promise<PushNotifications>;
  /** Requests to join per user: pending at once, and in 24 hours (config.joinRequestLimits); 0 is no limit. */
  joinRequestLimits?: { pending: number; perDay: number };
  /** The signed-in user's profile as "Groups for you" ranks against it (the people feature's). */
  matchProfileOf?: (userId: number) => Promise<MatchProfile>;
}

/**
 * The steps every groups service takes: load the group's access facts and ask the policy first (`changeGroup`
 * in a transaction holding the row, `readGroup` outside one), then answer where the caller stands; notifications
 * recorded in the change are pushed once it commits; the cached lists are cleared after every change.
 */
export function createGroupSteps(repository: GroupsRepository, options: GroupsServiceOptions) {
  const log = options.log ?? { warn: () => {} };
  const accessChanged = options.accessChanged ?? (() => {});
  const notify = options.notify ?? (async () => () => {});
  const joinRequestLimits = options.joinRequestLimits ?? {
    pending: JOIN_REQUESTS_PENDING_MAX,
    perDay: JOIN_REQUESTS_PER_DAY_MAX,
  };
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
    repository,
    db,
    log,
    joinRequestLimits,
    accessChanged,
    notifying,
    listsChanged,
    lists,
    changeGroup,
    readGroup,
    standing,
    cardFor,
    memberOf,
    audit,
    matchProfileOf: options.matchProfileOf ?? null,
  };
}

export type GroupSteps = ReturnType<typeof createGroupSteps>;
