import { ErrorCode } from '@openlfg/contracts';
import type { GroupPermissions, GroupRole, GroupViewer, Visibility } from '@openlfg/contracts';
import {
  all,
  allowedOrThrow,
  anonymous,
  any,
  archived,
  blockedByThem,
  closed,
  decideBy,
  full,
  hidden,
  member,
  moderator,
  not,
  owner,
  ownsMessage,
  plainMember,
  privateGroup,
  refuse,
  removed,
  requester,
  signInFirst,
  when,
  type Allowed,
  type Decision,
  type OwnerStatus,
  type PolicyContext,
  type Rule,
} from './policy-rules.js';

export type { Actor, Allowed, Decision, OwnerStatus, PolicyContext } from './policy-rules.js';

export type GroupAction =
  | 'read-card'
  | 'read-info'
  | 'read-discussion'
  | 'post-message'
  | 'mark-read'
  /** Learn whether a message id exists on the board (before editing or deleting it). */
  | 'find-message'
  | 'edit-message'
  | 'delete-message'
  | 'join'
  | 'request'
  | 'cancel-request'
  | 'leave'
  | 'approve-request'
  | 'reject-request'
  | 'edit'
  | 'delete'
  | 'report'
  | 'save'
  | 'create-invite'
  | 'revoke-invite'
  | 'join-by-invite'
  | 'preview-invite'
  | 'set-status'
  | 'remove-member'
  | 'allow-back'
  | 'transfer-ownership'
  | 'read-activity'
  /** See people looking for a group, ranked against the group's needs ("People for your group"). */
  | 'find-people'
  /** Invite someone found there: a notification with an invite link. */
  | 'invite-person';

/**
 * Everything a decision about one group needs, read in one query by the groups repository's `loadAccess`:
 * every group and message action loads this first and asks `authorize` before it does anything else.
 */
export interface GroupAccess {
  groupId: number;
  visibility: Visibility;
  /** A moderator hid the group: closed to everyone but its owner. */
  hidden: boolean;
  /** The group has reached its maximum number of members. */
  full: boolean;
  status: OwnerStatus;
  ownerId: number;
  memberCount: number;
  /** The caller's relation to the group; `none` for nobody signed in (see `actorOf`). */
  role: GroupRole;
  /** The group's owner blocked the caller (user_blocks). */
  blockedByOwner?: boolean;
}

// Rules several actions share.
/** A hidden group is closed to everyone but its owner (leaving, cancelling and reporting stay possible). */
const closedWhileHidden = when(
  all(hidden, not(owner)),
  refuse(403, 'A moderator hid this group: it is closed.'),
);
/** Removal bars every way back in (joining, asking, an invite link) until the owner allows them back. */
const barredAfterRemoval = when(
  removed,
  refuse(
    403,
    "The group's owner removed you from this group: you can join again only if they allow you back.",
    ErrorCode.removedFromGroup,
  ),
);
const alreadyMember = when(member, refuse(409, 'You are already a member of this group.'));
/** A closed or archived group takes no new members. */
const noNewMembers = [
  when(closed, refuse(409, 'This group is closed: it takes no new members.')),
  when(archived, refuse(409, 'This group is archived: it takes no new members.')),
];
const noRoom = when(full, refuse(409, 'This group is full.'));
/** Someone the owner blocked finds the group closed to them, with a closed group's very answer. */
const closedToBlocked = when(blockedByThem, refuse(409, 'This group is closed: it takes no new members.'));
const archivedBoard = when(archived, refuse(409, 'This group is archived: its board is read-only.'));
const ownerOnly = (message: string): Rule[] => [signInFirst, when(not(owner), refuse(403, message))];
/** A private group's members and board are for its members. */
const membersOfPrivate: Rule[] = [
  closedWhileHidden,
  when(all(privateGroup, not(member), anonymous), signInFirst.then),
  when(
    all(privateGroup, not(member)),
    refuse(403, 'This group is private: only its members can see its members and discussion.'),
  ),
];
/** Its owner still reads a hidden group's board, but nobody changes it until a moderator restores the group. */
const hiddenBoardFrozen = when(
  all(hidden, not(anonymous)),
  refuse(403, 'A moderator hid this group: its board takes no changes until it is restored.'),
);

/**
 * Every rule of who may do what to a group project, one list per action (tested as a table of roles x actions
 * x visibility x hidden x full x closed or archived in groups-policy.test.ts over HTTP, and directly in
 * groups-policy.unit.test.ts). What no rule refuses is allowed. Lists leave hidden groups out with the
 * repository's one `listable` filter, the SQL form of `read-card`.
 */
export const RULES: Readonly<Record<GroupAction, readonly Rule[]>> = {
  // A hidden group's card is gone for everyone but its owner, as if it did not exist.
  'read-card': [when(all(hidden, not(owner)), refuse(404, 'There is no such group project.'))],
  'read-info': membersOfPrivate,
  'read-discussion': membersOfPrivate,
  // Whether a message exists is for those who may read the board to learn (and moderators, below).
  'find-message': membersOfPrivate,
  'post-message': [
    closedWhileHidden,
    when(
      hidden,
      refuse(403, 'A moderator hid this group: its board takes no new messages until it is restored.'),
    ),
    signInFirst,
    when(not(member), refuse(403, 'Only members of this group can post in its discussion.')),
    // An archived group's board is kept to read: nobody posts, its owner included, until it is reopened.
    archivedBoard,
  ],
  'mark-read': [
    closedWhileHidden,
    signInFirst,
    when(not(member), refuse(403, 'Only members keep a read mark on a group’s board.')),
  ],
  'edit-message': [
    closedWhileHidden,
    hiddenBoardFrozen,
    signInFirst,
    when(not(ownsMessage), refuse(403, 'You can edit only your own messages.')),
    // Someone who left keeps their words on the board, but no longer speaks there.
    when(not(member), refuse(403, 'Only members of this group can edit their messages.')),
    // An archived board is kept to read as it was; deleting one's own words stays possible.
    archivedBoard,
  ],
  'delete-message': [
    closedWhileHidden,
    hiddenBoardFrozen,
    signInFirst,
    when(
      not(any(owner, all(ownsMessage, member))),
      refuse(403, "Only a message's author, the group's owner or a moderator can delete it."),
    ),
  ],
  join: [
    closedWhileHidden,
    signInFirst,
    barredAfterRemoval,
    alreadyMember,
    ...noNewMembers,
    closedToBlocked,
    when(privateGroup, refuse(403, 'This group is private: ask to join, and its owner will decide.')),
    noRoom,
  ],
  request: [
    closedWhileHidden,
    signInFirst,
    barredAfterRemoval,
    alreadyMember,
    ...noNewMembers,
    closedToBlocked,
    when(not(privateGroup), refuse(409, 'This group is public: join it directly.')),
  ],
  'cancel-request': [
    signInFirst,
    when(not(requester), refuse(409, 'You have no pending request to join this group.')),
  ],
  leave: [
    signInFirst,
    when(
      owner,
      refuse(409, 'You own this group, so you cannot leave it. Delete the group if it should end.'),
    ),
    when(not(plainMember), refuse(409, 'You are not a member of this group.')),
  ],
  // Only private groups take requests, so a public one has none to decide.
  'approve-request': [
    closedWhileHidden,
    ...ownerOnly("Only the group's owner can decide on requests to join."),
    when(not(privateGroup), refuse(409, 'This group is public: there are no requests to decide.')),
    ...noNewMembers,
    noRoom,
  ],
  'reject-request': [
    closedWhileHidden,
    ...ownerOnly("Only the group's owner can decide on requests to join."),
    when(not(privateGroup), refuse(409, 'This group is public: there are no requests to decide.')),
  ],
  // The owner edits, sets the status and manages members of a hidden group too (to fix what a moderator
  // objected to), and of a closed or archived one.
  edit: ownerOnly("Only the group's owner can edit it."),
  delete: ownerOnly("Only the group's creator can delete it."),
  'set-status': ownerOnly("Only the group's owner can open, close or archive it."),
  'remove-member': ownerOnly("Only the group's owner can remove members."),
  'allow-back': ownerOnly("Only the group's owner can allow removed members back."),
  'transfer-ownership': ownerOnly("Only the group's owner can hand it over."),
  'read-activity': ownerOnly("Only the group's owner sees its members' activity."),
  report: [signInFirst, when(owner, refuse(409, 'You cannot report your own group.'))],
  save: [closedWhileHidden, signInFirst],
  // Nobody can use an invite to a hidden group, so its owner makes none until a moderator restores it.
  'create-invite': [
    when(hidden, refuse(403, 'A moderator hid this group: it takes no new members until it is restored.')),
    ...ownerOnly("Only the group's owner can manage its invite links."),
  ],
  'revoke-invite': ownerOnly("Only the group's owner can manage its invite links."),
  // An invite lets its holder in without a request, private groups included; the link itself is checked by the
  // invites service (expiry, uses, revocation).
  'join-by-invite': [
    closedWhileHidden,
    signInFirst,
    barredAfterRemoval,
    alreadyMember,
    ...noNewMembers,
    closedToBlocked,
    noRoom,
  ],
  // Looking for people and inviting them is the owner's, as invite links are; a group that takes nobody new
  // (hidden, closed, archived, full) has nobody to look for.
  'find-people': [
    when(hidden, refuse(403, 'A moderator hid this group: it takes no new members until it is restored.')),
    ...ownerOnly("Only the group's owner looks for people for it."),
    ...noNewMembers,
  ],
  'invite-person': [
    when(hidden, refuse(403, 'A moderator hid this group: it takes no new members until it is restored.')),
    ...ownerOnly("Only the group's owner invites people to it."),
    ...noNewMembers,
    noRoom,
  ],
  // Whoever holds a usable link may read the name of the group it invites them to, before signing in.
  'preview-invite': [closedWhileHidden],
};

/**
 * What moderators may that the rules refuse: they clean up any board, a hidden group's included (that is often
 * why it was hidden). An allowance from here is a moderator's act, which the caller audit-logs.
 */
const asModerator = when(all(moderator, not(anonymous)), { allowed: true, asModerator: true });
export const MODERATOR_RULES: Readonly<Partial<Record<GroupAction, Rule>>> = {
  'delete-message': asModerator,
  'find-message': asModerator,
};

/** The decision on `action`: the first of its rules that holds, else allowed; a refusal a moderator may override. */
export function decide(action: GroupAction, context: PolicyContext): Decision {
  return decideBy(RULES[action], MODERATOR_RULES[action], context);
}

/** The actor a loaded group sees in the caller: nobody signed in is `anonymous`, whatever the row says. */
export function contextOf(access: GroupAccess, callerId: number | null): PolicyContext {
  return {
    actor: callerId === null ? 'anonymous' : access.role,
    visibility: access.visibility,
    full: access.full,
    hidden: access.hidden,
    status: access.status,
    blockedByThem: callerId !== null && access.blockedByOwner === true,
  };
}

/** Whether the caller may do `action` to the loaded group. */
export function allows(action: GroupAction, access: GroupAccess, callerId: number | null): boolean {
  return decide(action, contextOf(access, callerId)).allowed;
}

/**
 * The first line of every group and message action: throws the refusal as the HTTP error the client gets, and
 * answers the allowance (whether only moderating allowed it). `facts` are what a message action adds to the
 * group's (who wrote the message, whether the caller moderates).
 */
export function authorize(
  action: GroupAction,
  access: GroupAccess,
  callerId: number | null,
  facts: Pick<PolicyContext, 'ownsMessage' | 'moderator'> = {},
): Allowed {
  return allowedOrThrow(decide(action, { ...contextOf(access, callerId), ...facts }));
}

/** Each permission of the viewer block is the decision on its action. */
const PERMISSIONS: Record<keyof GroupPermissions, GroupAction> = {
  join: 'join',
  request: 'request',
  cancelRequest: 'cancel-request',
  leave: 'leave',
  approve: 'approve-request',
  reject: 'reject-request',
  edit: 'edit',
  delete: 'delete',
  post: 'post-message',
  report: 'report',
  save: 'save',
  readDiscussion: 'read-discussion',
  invite: 'create-invite',
  setStatus: 'set-status',
  removeMember: 'remove-member',
  allowBack: 'allow-back',
  transferOwnership: 'transfer-ownership',
};

function permissionsOf(context: PolicyContext): GroupPermissions {
  const entries = Object.entries(PERMISSIONS).map(([permission, action]) => [
    permission,
    decide(action, context).allowed,
  ]);
  return Object.fromEntries(entries) as GroupPermissions;
}

/**
 * The status the caller meets, where it is not the group's own: an open group (full or not) whose owner blocked
 * them is closed to them, as `closedToBlocked` answers their joining; they are not told why. Members, the owner
 * and someone the owner removed see the group as it is (removal says so itself).
 */
function statusSeenBy(context: PolicyContext): Pick<GroupViewer, 'status'> {
  const closedToThem =
    context.blockedByThem === true && context.actor === 'none' && context.status === 'open';
  return closedToThem ? { status: 'closed' } : {};
}

/**
 * The caller's standing in a loaded group, as every answer about one group carries it: clients show the actions
 * this allows and derive none themselves, nor the status they meet. Nobody signed in also learns what signing
 * in would allow.
 */
export function viewerOf(access: GroupAccess, callerId: number | null): GroupViewer {
  const context = contextOf(access, callerId);
  return {
    role: context.actor,
    may: permissionsOf(context),
    ...(context.actor === 'anonymous'
      ? { mayOnceSignedIn: permissionsOf({ ...context, actor: 'none' }) }
      : {}),
    ...statusSeenBy(context),
  };
}
