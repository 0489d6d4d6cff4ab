import { ErrorCode } from '@openlfg/contracts';
import type { GroupRole, Visibility } from '@openlfg/contracts';
import { HttpError } from '../platform/http/errors.js';

/** Who is asking, in relation to one group. `anonymous` is nobody signed in. */
export type Actor = 'anonymous' | GroupRole;

export type GroupAction =
  | 'read-info'
  | 'read-discussion'
  | 'post-message'
  | 'join'
  | 'request'
  | 'cancel-request'
  | 'leave'
  | 'decide-requests'
  | 'delete'
  | 'report'
  | 'save';

export interface PolicyContext {
  actor: Actor;
  visibility: Visibility;
  /** The group has reached its maximum number of members. */
  full?: boolean;
  /** A moderator hid the group: closed to everyone but its owner. */
  hidden?: boolean;
}

export type Decision =
  { allowed: true } | { allowed: false; status: 401 | 403 | 409; code: string; message: string };

const allow: Decision = { allowed: true };
const refuse = (status: 401 | 403 | 409, message: string): Decision => ({
  allowed: false,
  status,
  code:
    status === 401 ? ErrorCode.unauthenticated : status === 403 ? ErrorCode.forbidden : ErrorCode.conflict,
  message,
});
const signIn = refuse(401, 'Sign in with GitHub to do this.');
/** What a hidden group refuses to everyone but its owner; leaving, cancelling and reporting stay possible. */
const closedWhenHidden = new Set<GroupAction>([
  'read-info',
  'read-discussion',
  'post-message',
  'join',
  'request',
  'decide-requests',
  'save',
]);
const isMember = (actor: Actor) => actor === 'member' || actor === 'owner';

/**
 * Every rule of who may do what to a group project, in one place (tested as a table of roles x actions x
 * visibility in groups-policy.test.ts). Routes and the service ask here; nothing else decides access.
 */
export function decide(
  action: GroupAction,
  { actor, visibility, full = false, hidden = false }: PolicyContext,
): Decision {
  const isPrivate = visibility === 'private';
  if (hidden && actor !== 'owner' && closedWhenHidden.has(action)) {
    return refuse(403, 'A moderator hid this group: it is closed.');
  }
  switch (action) {
    case 'read-info':
    case 'read-discussion':
      if (!isPrivate || isMember(actor)) return allow;
      return actor === 'anonymous'
        ? signIn
        : refuse(403, 'This group is private: only its members can see its members and discussion.');
    case 'post-message':
      if (isMember(actor)) return allow;
      return actor === 'anonymous'
        ? signIn
        : refuse(403, 'Only members of this group can post in its discussion.');
    case 'join':
      if (actor === 'anonymous') return signIn;
      if (isMember(actor)) return refuse(409, 'You are already a member of this group.');
      if (isPrivate) return refuse(403, 'This group is private: ask to join, and its owner will decide.');
      if (full) return refuse(409, 'This group is full.');
      return allow;
    case 'request':
      if (actor === 'anonymous') return signIn;
      if (isMember(actor)) return refuse(409, 'You are already a member of this group.');
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
    case 'decide-requests':
      if (actor === 'anonymous') return signIn;
      return actor === 'owner'
        ? allow
        : refuse(403, "Only the group's owner can decide on requests to join.");
    case 'delete':
      if (actor === 'anonymous') return signIn;
      return actor === 'owner' ? allow : refuse(403, "Only the group's creator can delete it.");
    case 'report':
      if (actor === 'anonymous') return signIn;
      return actor === 'owner' ? refuse(409, 'You cannot report your own group.') : allow;
    case 'save':
      return actor === 'anonymous' ? signIn : allow;
  }
}

/** Throws the refusal as the HTTP error the client gets. */
export function requireAllowed(action: GroupAction, context: PolicyContext): void {
  const decision = decide(action, context);
  if (!decision.allowed) throw new HttpError(decision.status, decision.code as ErrorCode, decision.message);
}
