import type {
  MembershipResponse,
  RemoveMemberBody,
  RemovedMember,
  AllowBackResponse,
} from '@openlfg/contracts';
import { conflict, notFound } from '../platform/http/errors.js';
import type { Caller, GroupSteps } from './service-steps.js';

/** The owner's acts on members: removing one (barred until allowed back), allowing back, handing the group over. */
export function createMembersService(steps: GroupSteps) {
  const { repository, db, accessChanged, notifying, changeGroup, readGroup, standing, memberOf, audit } =
    steps;
  return {
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

    /**
     * The owner lifts a removal: the person may join, ask or use an invite again. Audit-logged, and the person
     * is told (they were told of the removal, so they learn of its end the same way).
     */
    allowBack(caller: Caller, groupId: number, login: string): Promise<AllowBackResponse> {
      return notifying((record) =>
        changeGroup('allow-back', caller, groupId, async (trx) => {
          const lifted = await repository.allowBack(trx, groupId, login);
          if (!lifted) throw notFound(`${login} was not removed from this group (body.memberUsername).`);
          await audit(trx, caller, 'group.allow-back', groupId, lifted.login);
          await record(trx, { kind: 'allowed-back', recipients: [lifted.id], actorId: caller.id, groupId });
          return { groupProjectId: groupId, login: lifted.login, allowedBack: true as const };
        }),
      );
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
  };
}
