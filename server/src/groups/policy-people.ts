import {
  allowedOrThrow,
  blockedByThem,
  decideBy,
  oneself,
  refuse,
  signInFirst,
  when,
} from './policy-rules.js';
import type { Allowed, Decision, PolicyContext, Rule } from './policy-rules.js';

/* The one policy's rules between people (the groups' are in policy.ts, with the language in policy-rules.ts). */

/**
 * What one person does that reaches another directly: telling them something (any notification, a mention),
 * showing them a message, and the acts on a person (blocking, reporting). A block stops the first three
 * silently: the blocked user's action succeeds for everyone else and nothing tells them (the doors of the
 * blocker's groups are the group rules' `closedToBlocked`). Tested in safety-blocks.test.ts and the unit table.
 */
export type PersonAction = 'notify' | 'mention' | 'show-message' | 'block' | 'report-user';
export const PERSON_RULES: Readonly<Record<PersonAction, readonly Rule[]>> = {
  notify: [when(blockedByThem, refuse(403, 'This person is not told.'))],
  mention: [when(blockedByThem, refuse(403, 'This person is not told.'))],
  // The reader folds it away ("Message from a user you blocked — show"); it is still theirs to open.
  'show-message': [when(blockedByThem, refuse(403, 'Message from a user you blocked.'))],
  block: [signInFirst, when(oneself, refuse(409, 'You cannot block yourself.'))],
  'report-user': [signInFirst, when(oneself, refuse(409, 'You cannot report yourself.'))],
};

/** The decision on an action of the caller (null: nobody signed in) that reaches another person. */
export function decidePerson(
  action: PersonAction,
  callerId: number | null,
  facts: Pick<PolicyContext, 'blockedByThem' | 'oneself'>,
): Decision {
  return decideBy(PERSON_RULES[action], undefined, {
    actor: callerId === null ? 'anonymous' : 'none',
    visibility: 'public',
    ...facts,
  });
}

/** Whether the caller's action may reach that person (a notification, a mention, an unfolded message). */
export function mayReach(
  action: 'notify' | 'mention' | 'show-message',
  callerId: number | null,
  facts: Pick<PolicyContext, 'blockedByThem'>,
): boolean {
  return decidePerson(action, callerId, facts).allowed;
}

/** The first line of blocking or reporting a person: throws the refusal as the client's HTTP error. */
export function authorizePerson(
  action: 'block' | 'report-user',
  callerId: number | null,
  facts: Pick<PolicyContext, 'oneself'>,
): Allowed {
  return allowedOrThrow(decidePerson(action, callerId, facts));
}
