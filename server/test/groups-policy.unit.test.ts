import { describe, expect, it } from 'vitest';
import { decide, RULES, type GroupAction, type PolicyContext } from '../src/groups/policy.js';
import { decidePerson, PERSON_RULES, type PersonAction } from '../src/groups/policy-people.js';
import { rows, STATES, statusOf, visibilityOf } from './support/group-access-table.js';

/**
 * The groups policy without a database: the access table groups-policy.test.ts runs over HTTP, asked of
 * `decide` directly, and what the table cannot show (moderators, the removal bar's own code).
 */
/** The table's rows by the policy's action each asks. */
const actions: Record<string, GroupAction> = {
  'read card': 'read-card',
  'read info': 'read-info',
  'read history': 'read-discussion',
  'post a message': 'post-message',
  'mark read': 'mark-read',
  'edit own message': 'edit-message',
  'delete own message': 'delete-message',
  "delete another's message": 'delete-message',
  join: 'join',
  'request to join': 'request',
  'cancel request': 'cancel-request',
  leave: 'leave',
  'approve a request': 'approve-request',
  'reject a request': 'reject-request',
  edit: 'edit',
  delete: 'delete',
  report: 'report',
  save: 'save',
  unsave: 'save',
  'create invite': 'create-invite',
  'revoke invite': 'revoke-invite',
  'allow back': 'allow-back',
  'join by invite': 'join-by-invite',
  'set status': 'set-status',
  'remove a member': 'remove-member',
  'hand over': 'transfer-ownership',
};
/** Actions the table leaves out, and where they are tested. */
const elsewhere: Partial<Record<GroupAction, string>> = {
  'read-activity': 'group-lifecycle.test.ts (the owner alone sees members’ activity)',
  'find-message': 'below, and message-edits.test.ts',
  'find-people': 'people.test.ts (the owner alone looks for people)',
  'invite-person': 'people.test.ts (the owner alone invites, 20 a day)',
  'preview-invite': 'invites.test.ts (a usable link names its group to anyone, unless a moderator hid it)',
};

describe('the policy module answers the same table', () => {
  it.each(Object.keys(RULES))('the table asks %s', (action) => {
    const asked = new Set(Object.values(actions));
    expect(asked.has(action as GroupAction) || action in elsewhere, action).toBe(true);
  });

  /** Routes only a signed-in user may call answer 401 to anonymous callers before the policy is asked. */
  const signedInOnly = new Set(
    Object.keys(actions).filter((a) => !['read card', 'read info', 'read history'].includes(a)),
  );
  const direct = rows.filter(([action, , actor]) => !(actor === 'anonymous' && signedInOnly.has(action)));

  it.each(direct)('%s on a %s group by %s', (action, state, actor, status) => {
    const decision = decide(actions[action] as GroupAction, {
      actor,
      visibility: visibilityOf(state),
      hidden: state.endsWith('hidden'),
      full: state.endsWith('full'),
      status: statusOf(state),
      // The actor's own message exists only for members and the owner (see `perform`).
      ownsMessage: action.includes('own message') && (actor === 'member' || actor === 'owner'),
    });
    const expected = status === 201 || status === 204 ? 200 : status;
    expect(decision.allowed ? 200 : decision.status).toBe(expected);
  });
});

describe('moderators and messages', () => {
  it.each(STATES)('a moderator deletes any message on a %s group; edits stay the author’s', (state) => {
    const context = {
      actor: 'none' as const,
      visibility: visibilityOf(state),
      hidden: state.endsWith('hidden'),
      full: state.endsWith('full'),
      moderator: true,
    };
    expect(decide('delete-message', context).allowed).toBe(true);
    expect(decide('edit-message', context).allowed).toBe(false);
    expect(decide('delete-message', { ...context, actor: 'anonymous' }).allowed).toBe(false);
  });
});

describe('the moderator rules', () => {
  it('say when only moderating allowed a deletion, which the messages service audit-logs', () => {
    const base = { visibility: 'public' as const, moderator: true };
    expect(decide('delete-message', { ...base, actor: 'none' })).toEqual({
      allowed: true,
      asModerator: true,
    });
    // Their own message on a board they belong to, or any on a group they own: theirs to delete anyway.
    expect(decide('delete-message', { ...base, actor: 'member', ownsMessage: true })).toEqual({
      allowed: true,
    });
    expect(decide('delete-message', { ...base, actor: 'owner' })).toEqual({ allowed: true });
    // A hidden group's owner deletes nothing but as a moderator.
    expect(decide('delete-message', { ...base, actor: 'owner', hidden: true })).toEqual({
      allowed: true,
      asModerator: true,
    });
  });

  it.each(['public', 'private'] as const)(
    'let a moderator learn whether a message exists on a %s board; others, as they read it',
    (visibility) => {
      expect(decide('find-message', { actor: 'none', visibility, moderator: true }).allowed).toBe(true);
      expect(decide('find-message', { actor: 'none', visibility }).allowed).toBe(visibility === 'public');
      expect(decide('find-message', { actor: 'member', visibility }).allowed).toBe(true);
      expect(
        decide('find-message', { actor: 'anonymous', visibility: 'private', moderator: true }),
      ).toMatchObject({
        allowed: false,
        status: 401,
      });
    },
  );
});

describe('the removal bar', () => {
  it.each(STATES.filter((state) => !state.endsWith('hidden')))(
    'refuses every way back into a %s group with its own code',
    (state) => {
      for (const action of ['join', 'request', 'join-by-invite'] as const) {
        const decision = decide(action, {
          actor: 'removed',
          visibility: visibilityOf(state),
          full: state.endsWith('full'),
          status: statusOf(state),
        });
        expect(decision, action).toMatchObject({ allowed: false, status: 403, code: 'REMOVED_FROM_GROUP' });
      }
    },
  );
});

describe("someone the group's owner blocked", () => {
  const doors = new Set<GroupAction>(['join', 'request', 'join-by-invite']);
  const cases = (Object.keys(RULES) as GroupAction[]).flatMap((action) =>
    STATES.flatMap((state) =>
      (['none', 'requester', 'member', 'removed'] as const).map((actor) => [action, state, actor] as const),
    ),
  );

  it.each(cases)('%s on a %s group as %s: a closed door, or what anyone gets', (action, state, actor) => {
    const context: PolicyContext = {
      actor,
      visibility: visibilityOf(state),
      hidden: state.endsWith('hidden'),
      full: state.endsWith('full'),
      status: statusOf(state),
    };
    const blocked = decide(action, { ...context, blockedByThem: true });
    if (!doors.has(action)) {
      expect(blocked).toEqual(decide(action, context));
      return;
    }
    // At the doors, the very answer of the same group closed (or archived): nothing says they are blocked.
    const closedToo = decide(action, {
      ...context,
      status: context.status === 'open' ? 'closed' : context.status,
    });
    expect(blocked).toEqual(closedToo);
  });
});

describe('between people', () => {
  const table: Record<PersonAction, { blocked: boolean; self: boolean; anonymous: boolean }> = {
    // What the action answers when the other person blocked the caller, when it is oneself, and anonymously.
    notify: { blocked: false, self: true, anonymous: true },
    mention: { blocked: false, self: true, anonymous: true },
    'show-message': { blocked: false, self: true, anonymous: true },
    block: { blocked: true, self: false, anonymous: false },
    'report-user': { blocked: true, self: false, anonymous: false },
  };
  it.each(Object.keys(PERSON_RULES) as PersonAction[])('%s', (action) => {
    const expected = table[action];
    expect(decidePerson(action, 1, {}).allowed).toBe(true);
    expect(decidePerson(action, 1, { blockedByThem: true }).allowed).toBe(expected.blocked);
    expect(decidePerson(action, 1, { oneself: true }).allowed).toBe(expected.self);
    expect(decidePerson(action, null, {}).allowed).toBe(expected.anonymous);
  });
});
