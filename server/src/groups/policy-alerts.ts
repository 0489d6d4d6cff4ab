import { allowedOrThrow, decideBy, not, owner, refuse, signInFirst, when } from './policy-rules.js';
import type { Allowed, Rule } from './policy-rules.js';

/* The one policy's rules for a user's alerts for new issues (the groups' are in policy.ts). */

export type AlertAction = 'list-alerts' | 'create-alert' | 'delete-alert';

/** An alert's owner, as the alerts repository reads it; null when there is no such alert. */
export interface AlertAccess {
  ownerId: number;
}

/**
 * Alerts are private: only their owner sees or removes one. Someone else's alert and a missing one are refused
 * alike, so an id tells nothing. Tested in issue-alerts.test.ts.
 */
export const ALERT_RULES: Readonly<Record<AlertAction, readonly Rule[]>> = {
  'list-alerts': [signInFirst],
  'create-alert': [signInFirst],
  'delete-alert': [signInFirst, when(not(owner), refuse(404, 'You have no such alert.'))],
};

/** The first line of every alert action: throws the refusal as the client's HTTP error. */
export function authorizeAlert(
  action: AlertAction,
  access: AlertAccess | null,
  callerId: number | null,
): Allowed {
  const actor = callerId === null ? 'anonymous' : access?.ownerId === callerId ? 'owner' : 'none';
  return allowedOrThrow(decideBy(ALERT_RULES[action], undefined, { actor, visibility: 'private' }));
}
