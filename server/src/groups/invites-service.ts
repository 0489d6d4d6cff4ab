import {
  ErrorCode,
  INVITE_TTL_DAYS,
  type GroupInvite,
  type InvitePreview,
  type MembershipResponse,
  type RequesterSummary,
} from '@openlfg/contracts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { UserSummaries } from '../github/user-summary.js';
import { createSealer, sha256 } from '../platform/crypto.js';
import type { NotificationEvent, PushNotifications } from '../notifications/service.js';
import type { DB } from '../platform/db/schema.js';
import { HttpError, notFound } from '../platform/http/errors.js';
import type { InvitesRepository } from './invites-repository.js';
import { authorize, viewerOf, type GroupAccess, type GroupAction } from './policy.js';
import type { GroupsRepository } from './repository.js';

interface Caller {
  id: number;
}

const DAY_MS = 86_400_000;
const noGroup = (id: number) => notFound(`There is no group project ${id}.`);
const invalidLink = () => notFound('This invite link is not valid: check that it was copied whole.');
const gone = (code: ErrorCode, message: string) => new HttpError(410, code, message);

type InviteRow = Awaited<ReturnType<InvitesRepository['findInvite']>> & {};

/** Why a link that exists lets nobody in any more; null while it still does. */
function unusable(row: InviteRow, now: Date): HttpError | null {
  if (row.revoked_at) return gone(ErrorCode.inviteRevoked, 'The group’s owner revoked this invite link.');
  if (row.expires_at <= now) return gone(ErrorCode.inviteExpired, 'This invite link has expired.');
  if (row.max_uses !== null && row.uses >= row.max_uses) {
    return gone(ErrorCode.inviteUsedUp, 'This invite link has been used as many times as it allows.');
  }
  return null;
}

/** `<id>-<secret>` split, or null for anything else (the route's pattern already refused most of it). */
function parseToken(token: string): { inviteId: number; secret: string } | null {
  const match = /^([1-9][0-9]{0,15})-([0-9a-f]{48})$/.exec(token);
  const inviteId = Number(match?.[1]);
  return match?.[2] && Number.isSafeInteger(inviteId) ? { inviteId, secret: match[2] } : null;
}

/** Compares the secret's hash with the stored one in constant time (the lookup itself is by the public id). */
function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(sha256(secret));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Invite links and what an owner reads beside a join request. A link is `/invite/<id>-<secret>`: the secret is
 * 192 random bits (hex), stored as its SHA-256 (checked in constant time) and sealed under the session secret so
 * that the owner can copy the link again; the database alone never lets anyone in. Every action starts with
 * the group's one access loader and the policy.
 */
export function createInvitesService(deps: {
  repository: InvitesRepository;
  groups: Pick<GroupsRepository, 'loadAccess' | 'addMember'>;
  summaries: UserSummaries;
  sessionSecret: string;
  /** Lists count members: cleared after someone joins. */
  listsChanged: () => void;
  /** Records a notification in the writing transaction (notifications/service.ts `record`). */
  notify?: (trx: Transaction<DB>, event: NotificationEvent) => Promise<PushNotifications>;
  now?: () => Date;
}) {
  const { repository, groups, summaries } = deps;
  const { db } = repository;
  const sealer = createSealer(deps.sessionSecret, 'invite-links');
  const now = deps.now ?? (() => new Date());
  const notify = deps.notify ?? (async () => () => {});

  async function readGroup(action: GroupAction, caller: Caller, groupId: number): Promise<GroupAccess> {
    const access = await groups.loadAccess(db, groupId, caller.id);
    if (!access) throw noGroup(groupId);
    authorize(action, access, caller.id);
    return access;
  }

  function present(row: InviteRow): GroupInvite {
    const secret = sealer.open(row.secret_sealed);
    return {
      inviteId: row.id,
      groupProjectId: row.group_id,
      // A link sealed under an earlier session secret still works, but can no longer be shown.
      token: secret === null ? null : `${row.id}-${secret}`,
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      maxUses: row.max_uses,
      uses: row.uses,
      usesLeft: row.max_uses === null ? null : Math.max(0, row.max_uses - row.uses),
    };
  }

  async function standing(trx: Transaction<DB>, groupId: number, callerId: number) {
    const access = await groups.loadAccess(trx, groupId, callerId);
    if (!access) throw noGroup(groupId);
    return { groupProjectId: groupId, memberCount: access.memberCount, viewer: viewerOf(access, callerId) };
  }

  return {
    async create(caller: Caller, groupId: number, maxUses: number | null): Promise<GroupInvite> {
      await readGroup('create-invite', caller, groupId);
      const secret = randomBytes(24).toString('hex');
      const row = await repository.insertInvite(db, {
        groupId,
        createdBy: caller.id,
        secretHash: sha256(secret),
        secretSealed: sealer.seal(secret),
        expiresAt: new Date(now().getTime() + INVITE_TTL_DAYS * DAY_MS),
        maxUses,
      });
      return present(row);
    },

    async list(caller: Caller, groupId: number): Promise<GroupInvite[]> {
      // Who may revoke the links may see them, a hidden group's owner included.
      await readGroup('revoke-invite', caller, groupId);
      return (await repository.activeInvites(db, groupId)).map(present);
    },

    async revoke(caller: Caller, groupId: number, inviteId: number): Promise<void> {
      await readGroup('revoke-invite', caller, groupId);
      if (!(await repository.revoke(db, groupId, inviteId))) {
        throw notFound('This group has no such invite link.');
      }
    },

    /**
     * Joins the group the link names, without a request, private groups included. The group's row is held
     * while the link's use is taken and the member added, so joins to one group happen one at a time and a
     * link's last use goes to exactly one caller. The owner is told, as after a plain join: recorded in the
     * join's transaction, pushed to their bell once it has committed.
     */
    /** The group a usable link names (its title), for its holder, signed in or not. */
    async preview(token: string): Promise<InvitePreview> {
      const parsed = parseToken(token);
      const found = parsed ? await repository.findInvite(db, parsed.inviteId) : undefined;
      if (!parsed || !found || !secretMatches(parsed.secret, found.secret_hash)) throw invalidLink();
      const refusal = unusable(found, now());
      if (refusal) throw refusal;
      const access = await groups.loadAccess(db, found.group_id, null);
      if (!access) throw invalidLink();
      authorize('preview-invite', access, null);
      const title = await repository.groupTitle(db, found.group_id);
      if (title === undefined) throw invalidLink();
      return { groupProjectId: found.group_id, title };
    },

    async join(caller: Caller, token: string): Promise<MembershipResponse> {
      const parsed = parseToken(token);
      const found = parsed ? await repository.findInvite(db, parsed.inviteId) : undefined;
      if (!parsed || !found || !secretMatches(parsed.secret, found.secret_hash)) throw invalidLink();
      const groupId = found.group_id;
      const { answer, push } = await db.transaction().execute(async (trx) => {
        const access = await groups.loadAccess(trx, groupId, caller.id, 'update');
        if (!access) throw invalidLink();
        authorize('join-by-invite', access, caller.id);
        if (!(await repository.takeUse(trx, found.id))) {
          const latest = await repository.findInvite(trx, found.id);
          throw (latest && unusable(latest, now())) ?? invalidLink();
        }
        await groups.addMember(trx, groupId, caller.id, 'member');
        const joined: NotificationEvent = {
          kind: 'member-joined',
          recipients: [access.ownerId],
          actorId: caller.id,
          groupId,
        };
        return { push: await notify(trx, joined), answer: await standing(trx, groupId, caller.id) };
      });
      push();
      deps.listsChanged();
      return answer;
    },

    /**
     * A pending requester's public GitHub summary, for the owner deciding on them (who may decide may see who
     * is asking). Only for someone who asked: the server reads GitHub for nobody else.
     */
    async requesterSummary(
      caller: Caller,
      groupId: number,
      requestUsername: string,
    ): Promise<RequesterSummary> {
      await readGroup('reject-request', caller, groupId);
      if (!(await repository.hasPendingRequest(db, groupId, requestUsername))) {
        throw notFound(`${requestUsername} has not asked to join this group.`);
      }
      return summaries.of(requestUsername);
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
