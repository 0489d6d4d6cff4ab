import { Type, type Static } from 'typebox';
import { INVITE_MAX_USES_LIMIT } from './group-constants.js';
import { GroupId, Nullable } from './schema-helpers.js';

const InviteId = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });

/**
 * The secret part of an invite link: `<invite id>-<secret in hex>`. No dot: the site serves the app only for paths
 * without a file extension.
 */
export const INVITE_TOKEN_PATTERN = '^[1-9][0-9]{0,15}-[0-9a-f]{48}$';

/** A new invite link to the caller's group: it works 7 days, and at most `maxUses` times when given. */
export const CreateInviteBody = Type.Object(
  {
    groupProjectId: GroupId,
    maxUses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: INVITE_MAX_USES_LIMIT }))),
  },
  { additionalProperties: false },
);
export type CreateInviteBody = Static<typeof CreateInviteBody>;

export const GroupInvitesQuery = Type.Object({ groupProjectId: GroupId }, { additionalProperties: false });
export type GroupInvitesQuery = Static<typeof GroupInvitesQuery>;

export const RevokeInviteBody = Type.Object(
  { groupProjectId: GroupId, inviteId: InviteId },
  { additionalProperties: false },
);
export type RevokeInviteBody = Static<typeof RevokeInviteBody>;

export const JoinByInviteBody = Type.Object(
  { token: Type.String({ pattern: INVITE_TOKEN_PATTERN, maxLength: 120 }) },
  { additionalProperties: false },
);
export type JoinByInviteBody = Static<typeof JoinByInviteBody>;

export const InvitePreviewQuery = Type.Object(
  { token: Type.String({ pattern: INVITE_TOKEN_PATTERN, maxLength: 120 }) },
  { additionalProperties: false },
);
export type InvitePreviewQuery = Static<typeof InvitePreviewQuery>;

/** The group a usable invite link names, for the invite page to say before its visitor signs in. */
export const InvitePreview = Type.Object({ groupProjectId: Type.Integer(), title: Type.String() });
export type InvitePreview = Static<typeof InvitePreview>;

/** An active invite link as its group's owner sees it. */
export const GroupInvite = Type.Object({
  inviteId: Type.Integer(),
  groupProjectId: Type.Integer(),
  /** The link's token: the page to share is `/invite/<token>`; null when it can no longer be shown. */
  token: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  /** Null: any number of uses until it expires. */
  maxUses: Nullable(Type.Integer({ minimum: 1 })),
  uses: Type.Integer({ minimum: 0 }),
  /** Null when uses are not limited. */
  usesLeft: Nullable(Type.Integer({ minimum: 0 })),
});
export type GroupInvite = Static<typeof GroupInvite>;

export const GroupInvitesResponse = Type.Object({ data: Type.Array(GroupInvite) });
export type GroupInvitesResponse = Static<typeof GroupInvitesResponse>;

export const RevokeInviteResponse = Type.Object({ inviteId: Type.Integer(), revoked: Type.Literal(true) });
export type RevokeInviteResponse = Static<typeof RevokeInviteResponse>;
