import {
  allowedOrThrow,
  decideBy,
  mentor,
  not,
  ownsMessage,
  refuse,
  signInFirst,
  when,
} from './policy-rules.js';
import type { Allowed, Decision, PolicyContext, Rule } from './policy-rules.js';
import { allows, authorize, MODERATOR_RULES, type GroupAccess, type GroupAction } from './policy.js';

/*
 * The one policy's rules for a project's room and its mentors, and for any board (a group's or a project's): the
 * groups' are in policy.ts, the language in policy-rules.ts.
 */

/** What a board action reads and decides on; a project's room takes the same actions as a group's board. */
export type RoomAction =
  'read-discussion' | 'post-message' | 'find-message' | 'edit-message' | 'delete-message';
export type ProjectAction =
  RoomAction | 'list-mentors' | 'volunteer-mentor' | 'step-down-mentor' | 'ask-mentor';

/** A board: a group's (`discussion-board-{id}`) or a project's room (`project-room-{id}`). */
export type RoomRef = { kind: 'group'; id: number } | { kind: 'project'; id: number };

/** Everything a decision about one project needs, read in one query by the project access loader. */
export interface ProjectAccess {
  projectId: number;
  /** owner/name: a project's notifications name it. */
  fullName: string;
  /** The caller mentors the project (false for nobody signed in). */
  mentor: boolean;
}

/** The access facts of a board, as the one loader of boards answers them (messages/room-access.ts). */
export type RoomAccess = { kind: 'group'; group: GroupAccess } | { kind: 'project'; project: ProjectAccess };

/**
 * A project's room is public: anyone reads it, anyone signed in posts; authors edit and delete their own words
 * and moderators delete anyone's (MODERATOR_RULES). Anyone signed in may volunteer to mentor a project and ask
 * its mentors; only a mentor steps down. Tested in project-room.test.ts and mentors.test.ts.
 */
export const PROJECT_RULES: Readonly<Record<ProjectAction, readonly Rule[]>> = {
  'read-discussion': [],
  'find-message': [],
  'post-message': [signInFirst],
  'edit-message': [signInFirst, when(not(ownsMessage), refuse(403, 'You can edit only your own messages.'))],
  'delete-message': [
    signInFirst,
    when(not(ownsMessage), refuse(403, "Only a message's author or a moderator can delete it.")),
  ],
  'list-mentors': [],
  'volunteer-mentor': [signInFirst],
  'step-down-mentor': [signInFirst, when(not(mentor), refuse(409, 'You are not a mentor of this project.'))],
  'ask-mentor': [signInFirst],
};

/** The decision on a project action for this caller (null: nobody signed in). */
export function decideProject(
  action: ProjectAction,
  access: ProjectAccess,
  callerId: number | null,
  facts: Pick<PolicyContext, 'ownsMessage' | 'moderator'> = {},
): Decision {
  const context: PolicyContext = {
    actor: callerId === null ? 'anonymous' : 'none',
    visibility: 'public',
    mentor: callerId !== null && access.mentor,
    ...facts,
  };
  const override = action in MODERATOR_RULES ? MODERATOR_RULES[action as GroupAction] : undefined;
  return decideBy(PROJECT_RULES[action], override, context);
}

/** The first line of every project action (the mentors'): throws the refusal as the client's HTTP error. */
export function authorizeProject(
  action: ProjectAction,
  access: ProjectAccess,
  callerId: number | null,
  facts: Pick<PolicyContext, 'ownsMessage' | 'moderator'> = {},
): Allowed {
  return allowedOrThrow(decideProject(action, access, callerId, facts));
}

/** The first line of every board action, a group's board or a project's room: one rule table for each. */
export function authorizeRoom(
  action: RoomAction,
  access: RoomAccess,
  callerId: number | null,
  facts: Pick<PolicyContext, 'ownsMessage' | 'moderator'> = {},
): Allowed {
  return access.kind === 'group'
    ? authorize(action, access.group, callerId, facts)
    : authorizeProject(action, access.project, callerId, facts);
}

/** Whether the caller may do `action` on the loaded board. */
export function allowsRoom(action: RoomAction, access: RoomAccess, callerId: number | null): boolean {
  return access.kind === 'group'
    ? allows(action, access.group, callerId)
    : decideProject(action, access.project, callerId).allowed;
}
