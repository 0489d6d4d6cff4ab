import { Type, type Static } from 'typebox';
import { REMOVAL_REASON_MAX } from './group-constants.js';
import { GroupId, Nullable, Text } from './schema-helpers.js';
import { GITHUB_LOGIN_PATTERN } from './string-patterns.js';

/** How the owner manages the people of a group: removing, handing over, allowing back. */

const MemberLogin = Type.String({ pattern: GITHUB_LOGIN_PATTERN, minLength: 1, maxLength: 39 });

/** The owner removes a member, optionally saying why. */
export const RemoveMemberBody = Type.Object(
  {
    groupProjectId: GroupId,
    memberUsername: MemberLogin,
    reason: Type.Optional(Type.Union([Text({ maxLength: REMOVAL_REASON_MAX }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type RemoveMemberBody = Static<typeof RemoveMemberBody>;

/** One person of one group, by login. */
const GroupPersonBody = Type.Object(
  { groupProjectId: GroupId, memberUsername: MemberLogin },
  { additionalProperties: false },
);

/** The owner hands the group to one of its members, and stays a member. */
export const TransferOwnershipBody = GroupPersonBody;
export type TransferOwnershipBody = Static<typeof TransferOwnershipBody>;

/** Someone the owner removed: barred from joining again (by any path) until the owner allows them back. */
export const RemovedMember = Type.Object({
  login: Type.String(),
  avatarUrl: Nullable(Type.String()),
  removedAt: Type.String({ format: 'date-time' }),
  /** The reason the owner gave when removing them, if any. */
  reason: Nullable(Type.String()),
});
export type RemovedMember = Static<typeof RemovedMember>;
export const RemovedMembersQuery = Type.Object({ groupProjectId: GroupId }, { additionalProperties: false });
export type RemovedMembersQuery = Static<typeof RemovedMembersQuery>;
/** Newest removal first. */
export const RemovedMembersResponse = Type.Object({ data: Type.Array(RemovedMember) });
export type RemovedMembersResponse = Static<typeof RemovedMembersResponse>;

/** The owner lifts a removal: the person may join again as anyone may. */
export const AllowBackBody = GroupPersonBody;
export type AllowBackBody = Static<typeof AllowBackBody>;
export const AllowBackResponse = Type.Object({
  groupProjectId: Type.Integer(),
  login: Type.String(),
  allowedBack: Type.Literal(true),
});
export type AllowBackResponse = Static<typeof AllowBackResponse>;
