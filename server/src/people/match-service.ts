import {
  ErrorCode,
  PERSON_INVITES_PER_DAY,
  personReasons,
  type InvitePersonBody,
  type InvitePersonResponse,
  type PeopleForGroupResponse,
} from '@openlfg/contracts';
import type { Transaction } from 'kysely';
import { authorize, type GroupAction } from '../groups/policy.js';
import type { GroupsRepository } from '../groups/repository.js';
import type { NotificationEvent, PushNotifications } from '../notifications/service.js';
import type { DB } from '../platform/db/schema.js';
import { conflict, HttpError, notFound } from '../platform/http/errors.js';
import type { PeopleMatchRepository } from './match-repository.js';

interface Caller {
  id: number;
}

export interface PeopleMatchServiceDeps {
  repository: PeopleMatchRepository;
  groups: Pick<GroupsRepository, 'loadAccess'>;
  /** Makes a one-use invite link to the group (groups' invites service, which asks the policy itself). */
  createInviteLink: (caller: Caller, groupId: number) => Promise<{ inviteId: number; token: string | null }>;
  /** notifications.record: recorded in the writing transaction, pushed after its commit. */
  notify: (trx: Transaction<DB>, event: NotificationEvent) => Promise<PushNotifications>;
  now?: () => Date;
}

const noGroup = (id: number) => notFound(`There is no group project ${id}.`);

/** "in 3 hours", "in 12 minutes": when the next invitation will be taken. */
function inAbout(seconds: number): string {
  if (seconds < 3600) {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const hours = Math.ceil(seconds / 3600);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * "People for your group": for a group's owner, people looking for a group ranked against its needs, each with
 * why; and inviting one of them, which sends them a notification with a one-use invite link. An owner invites
 * at most PERSON_INVITES_PER_DAY people a day (429 with Retry-After past it). Who may do either is the groups
 * policy's (`find-people`, `invite-person`).
 */
export function createPeopleMatchService(deps: PeopleMatchServiceDeps) {
  const { repository } = deps;
  const { db } = repository;
  const now = deps.now ?? (() => new Date());

  async function authorized(action: GroupAction, caller: Caller, groupId: number) {
    const access = await deps.groups.loadAccess(db, groupId, caller.id);
    if (!access) throw noGroup(groupId);
    authorize(action, access, caller.id);
  }

  return {
    async peopleFor(caller: Caller, groupId: number): Promise<PeopleForGroupResponse> {
      await authorized('find-people', caller, groupId);
      const group = await repository.groupNeeds(groupId);
      if (!group) throw noGroup(groupId);
      const [rows, sent] = await Promise.all([
        repository.peopleFor(group),
        repository.sentToday(db, caller.id, false),
      ]);
      const at = now();
      return {
        data: rows.map((row) => ({
          login: row.login,
          name: row.name,
          avatarUrl: row.avatar_url,
          pitch: row.pitch,
          utcOffsetMinutes: row.utc_offset_minutes,
          hoursPerWeek: row.hours_per_week,
          invited: row.invited,
          match: {
            score: Math.round(row.score * 100) / 100,
            overlapMinutes: group.timezone_from === null ? null : row.overlap_minutes,
            reasons: personReasons(
              {
                matchedSkills: row.matched_skills,
                overlapMinutes: row.overlap_minutes,
                anyTimezone: group.timezone_from === null,
                groupHours: group.hours_per_week,
                personHours: row.hours_per_week,
                activeAt: new Date(row.updated_at),
              },
              at,
            ),
          },
        })),
        invitationsLeftToday: Math.max(0, PERSON_INVITES_PER_DAY - sent.count),
      };
    },

    async invite(caller: Caller, input: InvitePersonBody): Promise<InvitePersonResponse> {
      const groupId = input.groupProjectId;
      await authorized('invite-person', caller, groupId);
      const invitee = await repository.findInvitee(input.login, caller.id);
      if (!invitee) throw notFound(`${input.login} is not looking for a group.`);
      if (invitee.id === caller.id) throw conflict('You are already in your own group.');
      if (await repository.isMember(groupId, invitee.id)) {
        throw conflict(`${invitee.login} is already a member of this group.`);
      }
      const refuseOverLimit = (freeInSeconds: number) =>
        new HttpError(
          429,
          ErrorCode.rateLimited,
          `You can invite ${PERSON_INVITES_PER_DAY} people a day. Try again ${inAbout(freeInSeconds)}.`,
          { 'retry-after': String(freeInSeconds) },
        );
      // Checked before the link is made, and again under the owner's lock as the invitation is recorded.
      const before = await repository.sentToday(db, caller.id, false);
      if (before.count >= PERSON_INVITES_PER_DAY) throw refuseOverLimit(before.freeInSeconds);
      if (await repository.alreadyInvited(db, groupId, invitee.id)) {
        throw conflict(`You already invited ${invitee.login} to this group.`);
      }
      // The link is made outside the transaction (the invites service has its own); a link whose invitation is
      // then refused is never sent and expires unused.
      const link = await deps.createInviteLink(caller, groupId);
      if (link.token === null) throw new Error('a fresh invite link has no token');
      const token = link.token;
      let left = 0;
      const push = await db.transaction().execute(async (trx) => {
        const sent = await repository.sentToday(trx, caller.id, true);
        if (sent.count >= PERSON_INVITES_PER_DAY) throw refuseOverLimit(sent.freeInSeconds);
        if (await repository.alreadyInvited(trx, groupId, invitee.id)) {
          throw conflict(`You already invited ${invitee.login} to this group.`);
        }
        await repository.recordInvitation(trx, {
          groupId,
          inviterId: caller.id,
          inviteeId: invitee.id,
          inviteId: link.inviteId,
        });
        left = PERSON_INVITES_PER_DAY - sent.count - 1;
        return deps.notify(trx, {
          kind: 'group-invited',
          recipients: [invitee.id],
          actorId: caller.id,
          groupId,
          note: `/invite/${token}`,
        });
      });
      push();
      return { login: invitee.login, invited: true, invitationsLeftToday: Math.max(0, left) };
    },
  };
}

export type PeopleMatchService = ReturnType<typeof createPeopleMatchService>;
