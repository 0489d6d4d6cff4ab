import { ErrorCode } from '@openlfg/contracts';
import type { GroupPermissions, GroupRole, GroupViewer, Visibility } from '@openlfg/contracts';
import { HttpError } from '../platform/http/errors.js';

/** Who is asking, in relation to one group. `anonymous` is nobody signed in. */
export type Actor = 'anonymous' | GroupRole;

export type GroupAction =
  | 'read-card'
  | 'read-info'
  | 'read-discussion'
  | 'post-message'
  | 'mark-read'
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
  | 'set-status'
  | 'remove-member'
  | 'allow-back'
  | 'transfer-ownership'
  | 'read-activity';

/** What the owner set: `closed` takes no new members, `archived` neither and its board is read-only. */
export type OwnerStatus = 'open' | 'closed' | 'archived';

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
}

export interface PolicyContext {
  actor: Actor;
  visibility: Visibility;
  full?: boolean;
  hidden?: boolean;
  status?: OwnerStatus;
  /** For a message action: the caller wrote the message. */
  ownsMessage?: boolean;
  /** The caller is a moderator of the site (ADMIN_LOGINS): they delete any message on any board. */
  moderator?: boolean;
}

export type Decision =
  { allowed: true } | { allowed: false; status: 401 | 403 | 404 | 409; code: ErrorCode; message: string };

const allow: Decision = { allowed: true };
const CODE_BY_STATUS = {
  401: ErrorCode.unauthenticated,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
} as const;
const refuse = (
  status: 401 | 403 | 404 | 409,
  message: string,
  code: ErrorCode = CODE_BY_STATUS[status],
): Decision => ({ allowed: false, status, code, message });
/** Removal bars every way back in (joining, asking, an invite link) until the owner allows them back. */
const barred = refuse(
  403,
  "The group's owner removed you from this group: you can join again only if they allow you back.",
  ErrorCode.removedFromGroup,
);
const signIn = refuse(401, 'Sign in with GitHub to do this.');
/** What a hidden group refuses to everyone but its owner; leaving, cancelling and reporting stay possible. */
const closedWhenHidden = new Set<GroupAction>([
  'read-info',
  'read-discussion',
  'post-message',
  'mark-read',
  'edit-message',
  'delete-message',
  'join',
  'request',
  'approve-request',
  'reject-request',
  'save',
  'join-by-invite',
]);
const isMember = (actor: Actor) => actor === 'member' || actor === 'owner';
/** Actions only the owner may take, each refused to others with its own words. */
type OwnerAction =
  'edit' | 'delete' | 'set-status' | 'remove-member' | 'allow-back' | 'transfer-ownership' | 'read-activity';
const ownerOnly: Record<OwnerAction, string> = {
  edit: "Only the group's owner can edit it.",
  delete: "Only the group's creator can delete it.",
  'set-status': "Only the group's owner can open, close or archive it.",
  'remove-member': "Only the group's owner can remove members.",
  'allow-back': "Only the group's owner can allow removed members back.",
  'transfer-ownership': "Only the group's owner can hand it over.",
  'read-activity': "Only the group's owner sees its members' activity.",
};
/** Why a closed or archived group takes no new members (null: it is open). */
function noNewMembers(status: OwnerStatus): Decision | null {
  if (status === 'closed') return refuse(409, 'This group is closed: it takes no new members.');
  if (status === 'archived') return refuse(409, 'This group is archived: it takes no new members.');
  return null;
}
/**
 * Every rule of who may do what to a group project, in one place (tested as a table of roles x actions x
 * visibility x hidden x full x closed or archived in groups-policy.test.ts, over HTTP and directly). Services ask here, through
 * `authorize`, before anything else; lists leave hidden groups out with the repository's one `listable` filter,
 * which is the SQL form of `read-card` below.
 */
export function decide(
  action: GroupAction,
  {
    actor,
    visibility,
    full = false,
    hidden = false,
    status = 'open',
    ownsMessage = false,
    moderator = false,
  }: PolicyContext,
): Decision {
  const isPrivate = visibility === 'private';
  const noMoreMembers = noNewMembers(status);
  // Moderators clean up any board, a hidden group's included (that is often why it was hidden).
  if (action === 'delete-message' && moderator && actor !== 'anonymous') return allow;
  if (action === 'read-card') {
    // A hidden group's card is gone for everyone but its owner, as if it did not exist.
    return hidden && actor !== 'owner' ? refuse(404, 'There is no such group project.') : allow;
  }
  if (hidden && actor !== 'owner' && closedWhenHidden.has(action)) {
    return refuse(403, 'A moderator hid this group: it is closed.');
  }
  // Its owner still reads the board, but nobody posts on a hidden group until a moderator restores it.
  if (hidden && action === 'post-message') {
    return refuse(403, 'A moderator hid this group: its board takes no new messages until it is restored.');
  }
  if (hidden && (action === 'edit-message' || action === 'delete-message') && actor !== 'anonymous') {
    return refuse(403, 'A moderator hid this group: its board takes no changes until it is restored.');
  }
  // Nobody can use an invite to a hidden group, so its owner makes none until a moderator restores it.
  if (hidden && action === 'create-invite') {
    return refuse(403, 'A moderator hid this group: it takes no new members until it is restored.');
  }
  switch (action) {
    case 'read-info':
    case 'read-discussion':
      if (!isPrivate || isMember(actor)) return allow;
      return actor === 'anonymous'
        ? signIn
        : refuse(403, 'This group is private: only its members can see its members and discussion.');
    case 'post-message':
      // An archived group's board is kept to read: nobody posts, its owner included, until it is reopened.
      if (isMember(actor)) {
        return status === 'archived' ? refuse(409, 'This group is archived: its board is read-only.') : allow;
      }
      return actor === 'anonymous'
        ? signIn
        : refuse(403, 'Only members of this group can post in its discussion.');
    case 'mark-read':
      if (isMember(actor)) return allow;
      return actor === 'anonymous'
        ? signIn
        : refuse(403, 'Only members keep a read mark on a group’s board.');
    case 'edit-message':
      if (actor === 'anonymous') return signIn;
      if (!ownsMessage) return refuse(403, 'You can edit only your own messages.');
      // Someone who left keeps their words on the board, but no longer speaks there.
      if (!isMember(actor)) return refuse(403, 'Only members of this group can edit their messages.');
      // An archived board is kept to read as it was; deleting one's own words stays possible.
      return status === 'archived' ? refuse(409, 'This group is archived: its board is read-only.') : allow;
    case 'delete-message':
      if (actor === 'anonymous') return signIn;
      if (actor === 'owner' || (ownsMessage && isMember(actor))) return allow;
      return refuse(403, "Only a message's author, the group's owner or a moderator can delete it.");
    case 'join':
      if (actor === 'anonymous') return signIn;
      if (actor === 'removed') return barred;
      if (isMember(actor)) return refuse(409, 'You are already a member of this group.');
      if (noMoreMembers) return noMoreMembers;
      if (isPrivate) return refuse(403, 'This group is private: ask to join, and its owner will decide.');
      if (full) return refuse(409, 'This group is full.');
      return allow;
    case 'request':
      if (actor === 'anonymous') return signIn;
      if (actor === 'removed') return barred;
      if (isMember(actor)) return refuse(409, 'You are already a member of this group.');
      if (noMoreMembers) return noMoreMembers;
      if (!isPrivate) return refuse(409, 'This group is public: join it directly.');
      return allow;
    case 'cancel-request':
      if (actor === 'anonymous') return signIn;
      return actor === 'requester' ? allow : refuse(409, 'You have no pending request to join this group.');
    case 'leave':
      if (actor === 'anonymous') return signIn;
      if (actor === 'owner') {
        return refuse(409, 'You own this group, so you cannot leave it. Delete the group if it should end.');
      }
      return actor === 'member' ? allow : refuse(409, 'You are not a member of this group.');
    case 'approve-request':
    case 'reject-request':
      if (actor === 'anonymous') return signIn;
      if (actor !== 'owner') return refuse(403, "Only the group's owner can decide on requests to join.");
      // Only private groups take requests, so a public one has none to decide.
      if (!isPrivate) return refuse(409, 'This group is public: there are no requests to decide.');
      if (action === 'approve-request' && noMoreMembers) return noMoreMembers;
      if (action === 'approve-request' && full) return refuse(409, 'This group is full.');
      return allow;
    // The owner edits, sets the status and manages members of a hidden group too (to fix what a moderator
    // objected to), and of a closed or archived one.
    case 'edit':
    case 'delete':
    case 'set-status':
    case 'remove-member':
    case 'allow-back':
    case 'transfer-ownership':
    case 'read-activity':
      if (actor === 'anonymous') return signIn;
      return actor === 'owner' ? allow : refuse(403, ownerOnly[action]);
    case 'report':
      if (actor === 'anonymous') return signIn;
      return actor === 'owner' ? refuse(409, 'You cannot report your own group.') : allow;
    case 'save':
      return actor === 'anonymous' ? signIn : allow;
    case 'create-invite':
    case 'revoke-invite':
      if (actor === 'anonymous') return signIn;
      return actor === 'owner' ? allow : refuse(403, "Only the group's owner can manage its invite links.");
    case 'join-by-invite':
      // An invite lets its holder in without a request, private groups included; the link itself is checked by
      // the invites service (expiry, uses, revocation).
      if (actor === 'anonymous') return signIn;
      if (actor === 'removed') return barred;
      if (isMember(actor)) return refuse(409, 'You are already a member of this group.');
      if (noMoreMembers) return noMoreMembers;
      if (full) return refuse(409, 'This group is full.');
      return allow;
  }
}

/** The actor a loaded group sees in the caller: nobody signed in is `anonymous`, whatever the row says. */
export function contextOf(access: GroupAccess, callerId: number | null): PolicyContext {
  return {
    actor: callerId === null ? 'anonymous' : access.role,
    visibility: access.visibility,
    full: access.full,
    hidden: access.hidden,
    status: access.status,
  };
}

/** Whether the caller may do `action` to the loaded group. */
export function allows(action: GroupAction, access: GroupAccess, callerId: number | null): boolean {
  return decide(action, contextOf(access, callerId)).allowed;
}

/**
 * The first line of every group and message action: throws the refusal as the HTTP error the client gets.
 * `facts` are what a message action adds to the group's (who wrote the message, whether the caller moderates).
 */
export function authorize(
  action: GroupAction,
  access: GroupAccess,
  callerId: number | null,
  facts: Pick<PolicyContext, 'ownsMessage' | 'moderator'> = {},
): void {
  const decision = decide(action, { ...contextOf(access, callerId), ...facts });
  if (!decision.allowed) throw new HttpError(decision.status, decision.code, decision.message);
}

/** Each permission of the viewer block is the decision on its action. */
function permissionsOf(context: PolicyContext): GroupPermissions {
  const may = (action: GroupAction) => decide(action, context).allowed;
  return {
    join: may('join'),
    request: may('request'),
    cancelRequest: may('cancel-request'),
    leave: may('leave'),
    approve: may('approve-request'),
    reject: may('reject-request'),
    edit: may('edit'),
    delete: may('delete'),
    post: may('post-message'),
    report: may('report'),
    save: may('save'),
    readDiscussion: may('read-discussion'),
    invite: may('create-invite'),
    setStatus: may('set-status'),
    removeMember: may('remove-member'),
    allowBack: may('allow-back'),
    transferOwnership: may('transfer-ownership'),
  };
}

/**
 * The caller's standing in a loaded group, as every answer about one group carries it: clients show the actions
 * this allows and derive none themselves. Nobody signed in also learns what signing in would allow.
 */
export function viewerOf(access: GroupAccess, callerId: number | null): GroupViewer {
  const context = contextOf(access, callerId);
  return {
    role: context.actor,
    may: permissionsOf(context),
    ...(context.actor === 'anonymous'
      ? { mayOnceSignedIn: permissionsOf({ ...context, actor: 'none' }) }
      : {}),
  };
}
