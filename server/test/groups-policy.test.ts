import type { Visibility } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, type Actor, type GroupAction } from '../src/groups/policy.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

/**
 * Who may do what, as a table: every actor (anonymous, signed-in stranger, requester, member, owner) x every
 * action x public/private, with the status the API must answer. Each row runs against a fresh group set up
 * through the API, so one row's change cannot leak into another.
 */
type Row = Record<Actor | 'anonymous', number | null>;
const table: Record<string, Record<Visibility, Row>> = {
  'read info (discussion-info)': {
    public: { anonymous: 200, none: 200, requester: null, member: 200, owner: 200 },
    private: { anonymous: 401, none: 403, requester: 403, member: 200, owner: 200 },
  },
  join: {
    public: { anonymous: 401, none: 200, requester: null, member: 409, owner: 409 },
    private: { anonymous: 401, none: 403, requester: 403, member: 409, owner: 409 },
  },
  'request to join': {
    public: { anonymous: 401, none: 409, requester: null, member: 409, owner: 409 },
    private: { anonymous: 401, none: 201, requester: 200, member: 409, owner: 409 },
  },
  'cancel request': {
    public: { anonymous: 401, none: 409, requester: null, member: 409, owner: 409 },
    private: { anonymous: 401, none: 409, requester: 200, member: 409, owner: 409 },
  },
  leave: {
    public: { anonymous: 401, none: 409, requester: null, member: 200, owner: 409 },
    private: { anonymous: 401, none: 409, requester: 409, member: 200, owner: 409 },
  },
  'approve a request': {
    public: { anonymous: 401, none: 403, requester: null, member: 403, owner: 200 },
    private: { anonymous: 401, none: 403, requester: 403, member: 403, owner: 200 },
  },
  'reject a request': {
    public: { anonymous: 401, none: 403, requester: null, member: 403, owner: 200 },
    private: { anonymous: 401, none: 403, requester: 403, member: 403, owner: 200 },
  },
  'list pending requests': {
    public: { anonymous: 401, none: 200, requester: null, member: 200, owner: 200 },
    private: { anonymous: 401, none: 200, requester: 200, member: 200, owner: 200 },
  },
  delete: {
    public: { anonymous: 401, none: 403, requester: null, member: 403, owner: 204 },
    private: { anonymous: 401, none: 403, requester: 403, member: 403, owner: 204 },
  },
  report: {
    public: { anonymous: 401, none: 201, requester: null, member: 201, owner: 409 },
    private: { anonymous: 401, none: 201, requester: 201, member: 201, owner: 409 },
  },
  save: {
    public: { anonymous: 401, none: 200, requester: null, member: 200, owner: 200 },
    private: { anonymous: 401, none: 200, requester: 200, member: 200, owner: 200 },
  },
};

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

/** A fresh group with a member, and (private groups) a pending requester and a pending applicant. */
async function freshGroup(visibility: Visibility): Promise<number> {
  const id = await postGroup(t.app, users.owner.cookie, { visibility });
  if (visibility === 'public') {
    expect(
      (await call(t.app, 'POST', '/api/group-projects/join', users.member.cookie, { groupProjectId: id }))
        .statusCode,
    ).toBe(200);
    return id;
  }
  for (const who of ['member', 'requester', 'applicant'] as const) {
    await call(t.app, 'POST', '/api/group-projects/request', users[who].cookie, { groupProjectId: id });
  }
  const approve = await call(t.app, 'POST', '/api/group-projects/pending-requests', users.owner.cookie, {
    groupProjectId: id,
    requestUsername: users.member.login,
  });
  expect(approve.statusCode).toBe(200);
  return id;
}

async function perform(
  action: string,
  cookie: string | null,
  groupProjectId: number,
  visibility: Visibility,
) {
  const body = { groupProjectId };
  // On a public group nobody can be pending, so deciding targets a user who never asked: the owner gets 404.
  const decision = {
    groupProjectId,
    requestUsername: visibility === 'private' ? users.applicant.login : users.none.login,
  };
  switch (action) {
    case 'read info (discussion-info)':
      return call(t.app, 'POST', '/api/group-projects/discussion-info', cookie, body);
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
    case 'list pending requests':
      return call(t.app, 'GET', '/api/group-projects/pending-requests', cookie);
    case 'delete':
      return call(t.app, 'DELETE', '/api/group-projects/delete-project', cookie, body);
    case 'report':
      return call(t.app, 'POST', '/api/group-projects/report', cookie, {
        groupProjectId,
        reason: 'Spam links',
      });
    case 'save':
      return call(t.app, 'POST', '/api/group-projects/save', cookie, { projectId: groupProjectId });
    default:
      throw new Error(`no action ${action}`);
  }
}

const rows = Object.entries(table).flatMap(([action, byVisibility]) =>
  (['public', 'private'] as const).flatMap((visibility) =>
    (Object.entries(byVisibility[visibility]) as [Actor, number | null][])
      .filter(([, status]) => status !== null)
      .map(([actor, status]) => [action, visibility, actor, status as number] as const),
  ),
);

describe('group access, as a table', () => {
  it.each(rows)('%s on a %s group by %s answers %i', async (action, visibility, actor, status) => {
    const id = await freshGroup(visibility);
    const cookie =
      actor === 'anonymous' ? null : users[actor as 'owner' | 'member' | 'requester' | 'none'].cookie;
    const res = await perform(action, cookie, id, visibility);
    // The owner deciding on a public group has nobody pending: that is a 404, and still not a 403.
    const expected =
      visibility === 'public' && actor === 'owner' && action.endsWith('a request') ? 404 : status;
    expect(res.statusCode, res.body).toBe(expected);
    if (status === 403 && action.startsWith('read info')) {
      // A refused stranger learns nothing private: no members, no Discord link.
      expect(res.body).not.toContain('discord');
      expect(res.body).not.toContain(users.member.login);
    }
  });
});

describe('the policy module answers the same table', () => {
  const actions: Record<string, GroupAction> = {
    'read info (discussion-info)': 'read-info',
    join: 'join',
    'request to join': 'request',
    'cancel request': 'cancel-request',
    leave: 'leave',
    'approve a request': 'decide-requests',
    'reject a request': 'decide-requests',
    delete: 'delete',
    report: 'report',
    save: 'save',
  };
  it.each(rows.filter(([action]) => action in actions))('%s, %s, %s', (action, visibility, actor, status) => {
    const decision = decide(actions[action] as GroupAction, { actor, visibility });
    const expected = status === 201 || status === 204 ? 200 : status;
    expect(decision.allowed ? 200 : decision.status).toBe(expected);
  });
});
