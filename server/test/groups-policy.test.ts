import type { GroupPermissions, Visibility } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, type Actor, type GroupAction } from '../src/groups/policy.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, groupFields, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

/**
 * Who may do what, as a table: every group and board route x every actor (anonymous, signed-in stranger,
 * pending requester, member, owner) x public/private x the group's state (as posted, hidden by a moderator, or
 * full), with the status the API must answer. Each row runs against a fresh group set up through the API, so
 * one row's change cannot leak into another. Then the policy module is asked the same table directly.
 *
 * A row reads "anonymous none requester member owner"; "-" where that actor cannot exist (nobody is pending on
 * a public group).
 */
type State = 'public' | 'private' | 'public hidden' | 'private hidden' | 'public full' | 'private full';
const STATES: State[] = [
  'public',
  'private',
  'public hidden',
  'private hidden',
  'public full',
  'private full',
];
const ACTORS = ['anonymous', 'none', 'requester', 'member', 'owner'] as const;

/** Each action's table; a state left out answers as the same visibility without hidden or full. */
const table: Record<string, Partial<Record<State, string>>> = {
  'read card': {
    public: '200 200 - 200 200',
    private: '200 200 200 200 200',
    'public hidden': '404 404 - 404 200',
    'private hidden': '404 404 404 404 200',
  },
  'read info': {
    public: '200 200 - 200 200',
    private: '401 403 403 200 200',
    'public hidden': '403 403 - 403 200',
    'private hidden': '403 403 403 403 200',
  },
  'read history': {
    public: '200 200 - 200 200',
    private: '401 403 403 200 200',
    'public hidden': '403 403 - 403 200',
    'private hidden': '403 403 403 403 200',
  },
  // A hidden group's board takes no posts, its owner's included.
  'post a message': {
    public: '401 403 - 200 200',
    private: '401 403 403 200 200',
    'public hidden': '401 403 - 403 403',
    'private hidden': '401 403 403 403 403',
  },
  'mark read': {
    public: '401 403 - 200 200',
    private: '401 403 403 200 200',
    'public hidden': '401 403 - 403 200',
    'private hidden': '401 403 403 403 200',
  },
  join: {
    public: '401 200 - 409 409',
    private: '401 403 403 409 409',
    'public hidden': '401 403 - 403 409',
    'private hidden': '401 403 403 403 409',
    'public full': '401 409 - 409 409',
  },
  'request to join': {
    public: '401 409 - 409 409',
    private: '401 201 200 409 409',
    'public hidden': '401 403 - 403 409',
    'private hidden': '401 403 403 403 409',
  },
  'cancel request': {
    public: '401 409 - 409 409',
    private: '401 409 200 409 409',
  },
  leave: {
    public: '401 409 - 200 409',
    private: '401 409 409 200 409',
  },
  // Only private groups take requests: on a public one the owner has none to decide (409).
  'approve a request': {
    public: '401 403 - 403 409',
    private: '401 403 403 403 200',
    'private full': '401 403 403 403 409',
  },
  'reject a request': {
    public: '401 403 - 403 409',
    private: '401 403 403 403 200',
  },
  // The owner edits a hidden group too (to fix what a moderator objected to).
  edit: {
    public: '401 403 - 403 200',
    private: '401 403 403 403 200',
  },
  delete: {
    public: '401 403 - 403 204',
    private: '401 403 403 403 204',
  },
  report: {
    public: '401 201 - 201 409',
    private: '401 201 201 201 409',
  },
  save: {
    public: '401 200 - 200 200',
    private: '401 200 200 200 200',
    'public hidden': '401 403 - 403 200',
    'private hidden': '401 403 403 403 200',
  },
  unsave: {
    public: '401 200 - 200 200',
    private: '401 200 200 200 200',
    'public hidden': '401 403 - 403 200',
    'private hidden': '401 403 403 403 200',
  },
  // Nobody can use an invite to a hidden group, so its owner makes none until it is restored.
  'create invite': {
    public: '401 403 - 403 201',
    private: '401 403 403 403 201',
    'public hidden': '401 403 - 403 403',
    'private hidden': '401 403 403 403 403',
  },
  'revoke invite': {
    public: '401 403 - 403 200',
    private: '401 403 403 403 200',
  },
  // An invite skips the request, private groups included (a pending requester joins too), but not a hidden
  // or a full group.
  'join by invite': {
    public: '401 200 - 409 409',
    private: '401 200 200 409 409',
    'public hidden': '401 403 - 403 409',
    'private hidden': '401 403 403 403 409',
    'public full': '401 409 - 409 409',
    'private full': '401 409 409 409 409',
  },
};

const visibilityOf = (state: State): Visibility => (state.startsWith('public') ? 'public' : 'private');

function statusesFor(action: string, state: State): string {
  const byState = table[action] ?? {};
  const own = byState[state];
  if (own) return own;
  // Not written out: the same as the plain state of that visibility.
  const plain = byState[visibilityOf(state)];
  if (!plain) throw new Error(`no row for ${action} on a ${state} group`);
  return plain;
}

const rows = Object.keys(table).flatMap((action) =>
  STATES.flatMap((state) =>
    statusesFor(action, state)
      .split(' ')
      .map((status, i) => [action, state, ACTORS[i] as Actor, status] as const)
      .filter(([, , , status]) => status !== '-')
      .map(([a, s, actor, status]) => [a, s, actor, Number(status)] as const),
  ),
);

let t: TestApp;
let users: Record<'owner' | 'member' | 'requester' | 'none' | 'applicant', { cookie: string; login: string }>;

beforeAll(async () => {
  t = await createTestApp();
  const make = (login: string) => createSignedInUser(t.database.db, login);
  users = {
    owner: await make('pol-owner'),
    member: await make('pol-member'),
    requester: await make('pol-requester'),
    none: await make('pol-stranger'),
    applicant: await make('pol-applicant'),
  };
});
afterAll(() => t.close());

/**
 * A fresh group in `state`: a member (full groups hold two: the owner and the member), a message on its board,
 * and on private groups a pending requester and a pending applicant for the owner to decide on.
 */
async function freshGroup(
  state: State,
): Promise<{ id: number; messageId: number; invite: { inviteId: number; token: string } }> {
  const visibility = visibilityOf(state);
  const id = await postGroup(t.app, users.owner.cookie, {
    visibility,
    maxMembers: state.endsWith('full') ? 2 : null,
  });
  const body = { groupProjectId: id };
  if (visibility === 'public') {
    expect(
      (await call(t.app, 'POST', '/api/group-projects/join', users.member.cookie, body)).statusCode,
    ).toBe(200);
  } else {
    for (const who of ['member', 'requester', 'applicant'] as const) {
      await call(t.app, 'POST', '/api/group-projects/request', users[who].cookie, body);
    }
    const approve = await call(t.app, 'POST', '/api/group-projects/pending-requests', users.owner.cookie, {
      groupProjectId: id,
      requestUsername: users.member.login,
    });
    expect(approve.statusCode).toBe(200);
  }
  const message = await call(t.app, 'POST', '/api/messages/add-message', users.owner.cookie, {
    groupProjectId: id,
    clientId: `policy-${id}-first`,
    text: 'Welcome',
  });
  expect(message.statusCode).toBe(200);
  // An invite link made before any moderator hid the group.
  const invite = await call(t.app, 'POST', '/api/group-projects/invites', users.owner.cookie, body);
  expect(invite.statusCode).toBe(201);
  if (state.endsWith('hidden')) {
    await sql`update group_projects set hidden_at = now(), hidden_reason = 'spam' where id = ${id}`.execute(
      t.database.db,
    );
  }
  return { id, messageId: message.json().data.id, invite: invite.json() };
}

async function perform(
  action: string,
  cookie: string | null,
  group: Awaited<ReturnType<typeof freshGroup>>,
  visibility: Visibility,
) {
  const body = { groupProjectId: group.id };
  const decision = {
    groupProjectId: group.id,
    requestUsername: visibility === 'private' ? users.applicant.login : users.none.login,
  };
  switch (action) {
    case 'read card':
      return call(t.app, 'GET', `/api/group-projects/${group.id}`, cookie);
    case 'read info':
      return call(t.app, 'POST', '/api/group-projects/discussion-info', cookie, body);
    case 'read history':
      return call(t.app, 'GET', `/api/messages/history?groupProjectId=${group.id}`, cookie);
    case 'post a message':
      return call(t.app, 'POST', '/api/messages/add-message', cookie, {
        ...body,
        clientId: `policy-${group.id}-second`,
        text: 'Hello',
      });
    case 'mark read':
      return call(t.app, 'POST', '/api/messages/latest-message', cookie, {
        ...body,
        messageId: group.messageId,
      });
    case 'join':
      return call(t.app, 'POST', '/api/group-projects/join', cookie, body);
    case 'request to join':
      return call(t.app, 'POST', '/api/group-projects/request', cookie, body);
    case 'cancel request':
      return call(t.app, 'DELETE', '/api/group-projects/request', cookie, body);
    case 'leave':
      return call(t.app, 'DELETE', '/api/group-projects/leave', cookie, body);
    case 'approve a request':
      return call(t.app, 'POST', '/api/group-projects/pending-requests', cookie, decision);
    case 'reject a request':
      return call(t.app, 'DELETE', '/api/group-projects/pending-requests', cookie, decision);
    case 'edit':
      return call(t.app, 'POST', '/api/group-projects/edit-project', cookie, {
        ...body,
        ...groupFields({ visibility, maxMembers: null }),
        title: 'Edited title',
      });
    case 'delete':
      return call(t.app, 'DELETE', '/api/group-projects/delete-project', cookie, body);
    case 'report':
      return call(t.app, 'POST', '/api/group-projects/report', cookie, { ...body, reason: 'Spam links' });
    case 'save':
      return call(t.app, 'POST', '/api/group-projects/save', cookie, { projectId: group.id });
    case 'unsave':
      return call(t.app, 'DELETE', '/api/group-projects/save', cookie, { projectId: group.id });
    case 'create invite':
      return call(t.app, 'POST', '/api/group-projects/invites', cookie, { ...body, maxUses: 5 });
    case 'revoke invite':
      return call(t.app, 'DELETE', '/api/group-projects/invites', cookie, {
        ...body,
        inviteId: group.invite.inviteId,
      });
    case 'join by invite':
      return call(t.app, 'POST', '/api/group-projects/invites/join', cookie, { token: group.invite.token });
    default:
      throw new Error(`no action ${action}`);
  }
}

describe('group access over HTTP, as a table', () => {
  it.each(rows)('%s on a %s group by %s answers %i', async (action, state, actor, status) => {
    const group = await freshGroup(state);
    const cookie = actor === 'anonymous' ? null : users[actor as Exclude<Actor, 'anonymous'>].cookie;
    const res = await perform(action, cookie, group, visibilityOf(state));
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) expect(res.json().error.code).toEqual(expect.any(String));
    if (status === 403 && action.startsWith('read')) {
      // A refused caller learns nothing private: no members, no Discord link, no messages.
      expect(res.body).not.toContain('discord');
      expect(res.body).not.toContain(users.member.login);
      expect(res.body).not.toContain('Welcome');
    }
  });

  it('a hidden group takes no save: its count does not move', async () => {
    const group = await freshGroup('public hidden');
    await call(t.app, 'POST', '/api/group-projects/save', users.none.cookie, { projectId: group.id });
    const row = await t.database.db
      .selectFrom('group_projects')
      .select('saves')
      .where('id', '=', group.id)
      .executeTakeFirstOrThrow();
    expect(row.saves).toBe(0);
  });
});

describe('the policy module answers the same table', () => {
  const actions: Record<string, GroupAction> = {
    'read card': 'read-card',
    'read info': 'read-info',
    'read history': 'read-discussion',
    'post a message': 'post-message',
    'mark read': 'mark-read',
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
    'join by invite': 'join-by-invite',
  };
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
    });
    const expected = status === 201 || status === 204 ? 200 : status;
    expect(decision.allowed ? 200 : decision.status).toBe(expected);
  });
});

/**
 * The viewer block every answer about one group carries offers exactly what the table above lets that caller do:
 * a permission is true when its route answers 2xx, and for nobody signed in, `mayOnceSignedIn` is what a
 * signed-in stranger gets.
 */
describe('the viewer block offers what the routes accept', () => {
  const routeOf: Record<keyof GroupPermissions, string | null> = {
    join: 'join',
    request: 'request to join',
    cancelRequest: 'cancel request',
    leave: 'leave',
    approve: 'approve a request',
    reject: 'reject a request',
    edit: 'edit',
    delete: 'delete',
    post: 'post a message',
    report: 'report',
    save: 'save',
    readDiscussion: 'read history',
    invite: 'create invite',
  };
  const expectedFor = (state: State, actor: Actor): GroupPermissions => {
    const column = ACTORS.indexOf(actor as (typeof ACTORS)[number]);
    const entries = Object.entries(routeOf).map(([permission, route]) => {
      const status = route === null ? 403 : Number(statusesFor(route, state).split(' ')[column]);
      return [permission, status >= 200 && status < 300];
    });
    return Object.fromEntries(entries) as GroupPermissions;
  };

  it.each(STATES)('on a %s group, for every actor', async (state) => {
    const group = await freshGroup(state);
    for (const actor of ACTORS) {
      if (statusesFor('read card', state).split(' ')[ACTORS.indexOf(actor)] === '-') continue;
      const cookie = actor === 'anonymous' ? null : users[actor].cookie;
      const expected = {
        role: actor,
        may: expectedFor(state, actor),
        ...(actor === 'anonymous' ? { mayOnceSignedIn: expectedFor(state, 'none') } : {}),
      };
      const card = await call(t.app, 'GET', `/api/group-projects/${group.id}`, cookie);
      const listed = await call(t.app, 'POST', '/api/group-projects/viewer', cookie, {
        groupProjectIds: [group.id],
      });
      expect(listed.statusCode).toBe(200);
      if (card.statusCode === 404) {
        // A group whose card the caller cannot see has no viewer block either.
        expect(listed.json().data, `${actor}`).toEqual([]);
        continue;
      }
      expect(card.json().viewer, `${actor} on the card`).toEqual(expected);
      expect(listed.json().data, `${actor} in the list`).toEqual([
        { groupProjectId: group.id, viewer: expected },
      ]);
      const info = await call(t.app, 'POST', '/api/group-projects/discussion-info', cookie, {
        groupProjectId: group.id,
      });
      if (info.statusCode === 200) expect(info.json().data.viewer, `${actor} in the info`).toEqual(expected);
    }
  });
});
