import type { Visibility } from '@openlfg/contracts';
import type { Actor } from '../../src/groups/policy.js';

/**
 * Who may do what, as a table: every group and board route x every actor (anonymous, signed-in stranger,
 * pending requester, member, owner) x public/private x the group's state (as posted, hidden by a moderator, or
 * full, or closed or archived by its owner), with the status the API must answer. Each row runs against a fresh group set up through the API, so
 * one row's change cannot leak into another. The policy module is asked the same table directly (groups-policy.unit.test.ts).
 *
 * A row reads "anonymous none requester member owner removed" (removed: a former member the owner removed, barred
 * from coming back); "-" where that actor cannot exist (nobody is pending on a public group).
 */
export type State =
  | 'public'
  | 'private'
  | 'public hidden'
  | 'private hidden'
  | 'public full'
  | 'private full'
  | 'public closed'
  | 'private closed'
  | 'public archived'
  | 'private archived';
export const STATES: State[] = [
  'public',
  'private',
  'public hidden',
  'private hidden',
  'public full',
  'private full',
  'public closed',
  'private closed',
  'public archived',
  'private archived',
];
export const ACTORS = ['anonymous', 'none', 'requester', 'member', 'owner', 'removed'] as const;

/** Each action's table; a state left out answers as the same visibility without hidden or full. */
export const table: Record<string, Partial<Record<State, string>>> = {
  'read card': {
    public: '200 200 - 200 200 200',
    private: '200 200 200 200 200 200',
    'public hidden': '404 404 - 404 200 404',
    'private hidden': '404 404 404 404 200 404',
  },
  'read info': {
    public: '200 200 - 200 200 200',
    private: '401 403 403 200 200 403',
    'public hidden': '403 403 - 403 200 403',
    'private hidden': '403 403 403 403 200 403',
  },
  'read history': {
    public: '200 200 - 200 200 200',
    private: '401 403 403 200 200 403',
    'public hidden': '403 403 - 403 200 403',
    'private hidden': '403 403 403 403 200 403',
  },
  // A hidden group's board takes no posts, its owner's included; nor does an archived one's.
  'post a message': {
    public: '401 403 - 200 200 403',
    private: '401 403 403 200 200 403',
    'public hidden': '401 403 - 403 403 403',
    'private hidden': '401 403 403 403 403 403',
    'public archived': '401 403 - 409 409 403',
    'private archived': '401 403 403 409 409 403',
  },
  'mark read': {
    public: '401 403 - 200 200 403',
    private: '401 403 403 200 200 403',
    'public hidden': '401 403 - 403 200 403',
    'private hidden': '401 403 403 403 200 403',
  },
  // The actor edits or deletes their own message (a member's or the owner's); the others try the owner's.
  'edit own message': {
    public: '401 403 - 200 200 403',
    private: '401 403 403 200 200 403',
    'public hidden': '401 403 - 403 403 403',
    'private hidden': '401 403 403 403 403 403',
    'public archived': '401 403 - 409 409 403',
    'private archived': '401 403 403 409 409 403',
  },
  'delete own message': {
    public: '401 403 - 200 200 403',
    private: '401 403 403 200 200 403',
    'public hidden': '401 403 - 403 403 403',
    'private hidden': '401 403 403 403 403 403',
  },
  // Someone else's: the member tries the owner's; everyone else, the member's. Only the owner may.
  "delete another's message": {
    public: '401 403 - 403 200 403',
    private: '401 403 403 403 200 403',
    'public hidden': '401 403 - 403 403 403',
    'private hidden': '401 403 403 403 403 403',
  },
  join: {
    public: '401 200 - 409 409 403',
    private: '401 403 403 409 409 403',
    'public hidden': '401 403 - 403 409 403',
    'private hidden': '401 403 403 403 409 403',
    'public full': '401 409 - 409 409 403',
    // A closed or archived group takes no new members, private or not.
    'public closed': '401 409 - 409 409 403',
    'private closed': '401 409 409 409 409 403',
    'public archived': '401 409 - 409 409 403',
    'private archived': '401 409 409 409 409 403',
  },
  'request to join': {
    public: '401 409 - 409 409 403',
    private: '401 201 200 409 409 403',
    'public hidden': '401 403 - 403 409 403',
    'private hidden': '401 403 403 403 409 403',
    'private closed': '401 409 409 409 409 403',
    'private archived': '401 409 409 409 409 403',
  },
  'cancel request': {
    public: '401 409 - 409 409 409',
    private: '401 409 200 409 409 409',
  },
  leave: {
    public: '401 409 - 200 409 409',
    private: '401 409 409 200 409 409',
  },
  // Only private groups take requests: on a public one the owner has none to decide (409).
  'approve a request': {
    public: '401 403 - 403 409 403',
    private: '401 403 403 403 200 403',
    'private full': '401 403 403 403 409 403',
    'private closed': '401 403 403 403 409 403',
    'private archived': '401 403 403 403 409 403',
  },
  'reject a request': {
    public: '401 403 - 403 409 403',
    private: '401 403 403 403 200 403',
  },
  // The owner edits a hidden group too (to fix what a moderator objected to).
  edit: {
    public: '401 403 - 403 200 403',
    private: '401 403 403 403 200 403',
  },
  delete: {
    public: '401 403 - 403 204 403',
    private: '401 403 403 403 204 403',
  },
  // The owner opens, closes and archives the group, removes members and hands it over, in every state.
  'set status': {
    public: '401 403 - 403 200 403',
    private: '401 403 403 403 200 403',
  },
  'remove a member': {
    public: '401 403 - 403 200 403',
    private: '401 403 403 403 200 403',
  },
  'hand over': {
    public: '401 403 - 403 200 403',
    private: '401 403 403 403 200 403',
  },
  report: {
    public: '401 201 - 201 409 201',
    private: '401 201 201 201 409 201',
  },
  save: {
    public: '401 200 - 200 200 200',
    private: '401 200 200 200 200 200',
    'public hidden': '401 403 - 403 200 403',
    'private hidden': '401 403 403 403 200 403',
  },
  unsave: {
    public: '401 200 - 200 200 200',
    private: '401 200 200 200 200 200',
    'public hidden': '401 403 - 403 200 403',
    'private hidden': '401 403 403 403 200 403',
  },
  // Nobody can use an invite to a hidden group, so its owner makes none until it is restored.
  'create invite': {
    public: '401 403 - 403 201 403',
    private: '401 403 403 403 201 403',
    'public hidden': '401 403 - 403 403 403',
    'private hidden': '401 403 403 403 403 403',
  },
  // Who may remove members may see who was removed and allow them back.
  'allow back': {
    public: '401 403 - 403 200 403',
    private: '401 403 403 403 200 403',
  },
  'revoke invite': {
    public: '401 403 - 403 200 403',
    private: '401 403 403 403 200 403',
  },
  // An invite skips the request, private groups included (a pending requester joins too), but not a hidden,
  // a full, a closed or an archived group.
  'join by invite': {
    public: '401 200 - 409 409 403',
    private: '401 200 200 409 409 403',
    'public hidden': '401 403 - 403 409 403',
    'private hidden': '401 403 403 403 409 403',
    'public full': '401 409 - 409 409 403',
    'private full': '401 409 409 409 409 403',
    'public closed': '401 409 - 409 409 403',
    'private closed': '401 409 409 409 409 403',
    'public archived': '401 409 - 409 409 403',
    'private archived': '401 409 409 409 409 403',
  },
};

export const visibilityOf = (state: State): Visibility => (state.startsWith('public') ? 'public' : 'private');
export const statusOf = (state: State) =>
  state.endsWith('closed') ? 'closed' : state.endsWith('archived') ? 'archived' : 'open';

export function statusesFor(action: string, state: State): string {
  const byState = table[action] ?? {};
  const own = byState[state];
  if (own) return own;
  // Not written out: the same as the plain state of that visibility.
  const plain = byState[visibilityOf(state)];
  if (!plain) throw new Error(`no row for ${action} on a ${state} group`);
  return plain;
}

export const rows = Object.keys(table).flatMap((action) =>
  STATES.flatMap((state) =>
    statusesFor(action, state)
      .split(' ')
      .map((status, i) => [action, state, ACTORS[i] as Actor, status] as const)
      .filter(([, , , status]) => status !== '-')
      .map(([a, s, actor, status]) => [a, s, actor, Number(status)] as const),
  ),
);
