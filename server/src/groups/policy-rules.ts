import { ErrorCode } from '@openlfg/contracts';
import type { GroupRole, Visibility } from '@openlfg/contracts';
import { HttpError } from '../platform/http/errors.js';

/*
 * The policy's language: the facts a decision reads, rules made of them, and how a table of rules decides.
 * The rules themselves (who may do what to a group, a board or a project) are all in policy.ts.
 */

/** Who is asking, in relation to one group. `anonymous` is nobody signed in. */
export type Actor = 'anonymous' | GroupRole;

/** What the owner set: `closed` takes no new members, `archived` neither and its board is read-only. */
export type OwnerStatus = 'open' | 'closed' | 'archived';

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
  /** For a project action: the caller mentors the project. */
  mentor?: boolean;
  /**
   * The person the action reaches (a group's owner, someone to be told, a message's reader) blocked the
   * caller. Refusals on it read as a closed door or a generic one: the blocked user is never told.
   */
  blockedByThem?: boolean;
  /** For an action on a person: the caller would act on themselves. */
  oneself?: boolean;
}

/** An allowance says when only the caller's moderator role allowed it (a moderator's act, audit-logged). */
export type Allowed = { allowed: true; asModerator?: true };
export type Decision =
  Allowed | { allowed: false; status: 401 | 403 | 404 | 409; code: ErrorCode; message: string };

const allow: Allowed = { allowed: true };
const CODE_BY_STATUS = {
  401: ErrorCode.unauthenticated,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
} as const;
export const refuse = (
  status: 401 | 403 | 404 | 409,
  message: string,
  code: ErrorCode = CODE_BY_STATUS[status],
): Decision => ({ allowed: false, status, code, message });

/** The facts a rule reads: the context, every default filled in. */
export type Facts = Required<PolicyContext>;
export type Test = (facts: Facts) => boolean;
/** When `when` holds, `then` is the decision; an action's rules are read in order, and the first that holds decides. */
export interface Rule {
  when: Test;
  then: Decision;
}

// The facts, by name.
export const anonymous: Test = (f) => f.actor === 'anonymous';
export const owner: Test = (f) => f.actor === 'owner';
export const member: Test = (f) => f.actor === 'member' || f.actor === 'owner';
export const plainMember: Test = (f) => f.actor === 'member';
export const requester: Test = (f) => f.actor === 'requester';
export const removed: Test = (f) => f.actor === 'removed';
export const privateGroup: Test = (f) => f.visibility === 'private';
export const hidden: Test = (f) => f.hidden;
export const full: Test = (f) => f.full;
export const closed: Test = (f) => f.status === 'closed';
export const archived: Test = (f) => f.status === 'archived';
export const ownsMessage: Test = (f) => f.ownsMessage;
export const moderator: Test = (f) => f.moderator;
export const mentor: Test = (f) => f.mentor;
export const blockedByThem: Test = (f) => f.blockedByThem;
export const oneself: Test = (f) => f.oneself;
export const not =
  (test: Test): Test =>
  (f) =>
    !test(f);
export const all =
  (...tests: Test[]): Test =>
  (f) =>
    tests.every((test) => test(f));
export const any =
  (...tests: Test[]): Test =>
  (f) =>
    tests.some((test) => test(f));

export const when = (test: Test, then: Decision): Rule => ({ when: test, then });

export function decideBy(
  rules: readonly Rule[],
  override: Rule | undefined,
  context: PolicyContext,
): Decision {
  const facts: Facts = {
    full: false,
    hidden: false,
    status: 'open',
    ownsMessage: false,
    moderator: false,
    mentor: false,
    blockedByThem: false,
    oneself: false,
    ...context,
  };
  const decision = rules.find((rule) => rule.when(facts))?.then ?? allow;
  return !decision.allowed && override?.when(facts) ? override.then : decision;
}

/** Throws a refusal as the HTTP error the client gets; answers an allowance. */
export function allowedOrThrow(decision: Decision): Allowed {
  if (!decision.allowed) throw new HttpError(decision.status, decision.code, decision.message);
  return decision;
}

/** The first rule of every action that needs an account. */
export const signInFirst = when(anonymous, refuse(401, 'Sign in with GitHub to do this.'));
