import { ErrorCode, type MembershipResponse } from '@openlfg/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { conflict, HttpError, notFound } from '../platform/http/errors.js';
import type { NotificationEvent } from '../notifications/service.js';
import { optionalText } from './input.js';
import type { GroupAccess } from './policy.js';
import type { Caller, GroupSteps } from './service-steps.js';

/** What the caller just did to a group (asked to join, joined, left), told to its owner. */
function ownerEvent(
  kind: 'join-requested' | 'member-joined' | 'member-left',
  access: GroupAccess,
  caller: Caller,
): NotificationEvent {
  return { kind, recipients: [access.ownerId], actorId: caller.id, groupId: access.groupId };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Joining and leaving: joins, requests to join and the owner's decisions on them. */
export function createMembershipService(steps: GroupSteps) {
  const { repository, accessChanged, notifying, changeGroup, standing, joinRequestLimits } = steps;

  /**
   * A user asks at most `pending` groups at once and `perDay` a day (10 and 30 unless configured): past either,
   * a 429 saying which (and, for the day's, when the next is possible).
   */
  async function withinRequestLimits(trx: Transaction<DB>, userId: number): Promise<void> {
    const { pending, perDay } = joinRequestLimits;
    if (pending === 0 && perDay === 0) return;
    const counts = await repository.joinRequestCounts(trx, userId);
    if (pending > 0 && counts.pending >= pending) {
      throw new HttpError(
        429,
        ErrorCode.joinRequestLimit,
        `You have ${pending} requests to join waiting, the most at once: cancel one, or wait for an owner to decide, before asking another group.`,
      );
    }
    if (perDay > 0 && counts.today >= perDay) {
      const nextAt = (counts.oldestToday?.getTime() ?? Date.now()) + DAY_MS;
      const retryAfter = Math.max(1, Math.ceil((nextAt - Date.now()) / 1000));
      throw new HttpError(
        429,
        ErrorCode.joinRequestLimit,
        `You asked to join ${perDay} groups in the last 24 hours, the most in a day: try again later.`,
        { 'retry-after': String(retryAfter) },
      );
    }
  }

  return {
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
            await withinRequestLimits(trx, caller.id);
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
  };
}
