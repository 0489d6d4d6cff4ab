import type { GroupPermissions, Visibility } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/groups/policy.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, groupFields, postGroup } from './support/groups.js';
import {
  ACTORS,
  rows,
  STATES,
  statusesFor,
  statusOf,
  visibilityOf,
  type State,
} from './support/group-access-table.js';
import { createSignedInUser } from './support/users.js';

/** The access table (support/group-access-table.ts), row by row over HTTP, each on a fresh group. */

let t: TestApp;
let users: Record<
  'owner' | 'member' | 'requester' | 'none' | 'applicant' | 'removed',
  { cookie: string; login: string }
>;

beforeAll(async () => {
  t = await createTestApp();
  const make = (login: string) => createSignedInUser(t.database.db, login);
  users = {
    owner: await make('pol-owner'),
    member: await make('pol-member'),
    requester: await make('pol-requester'),
    none: await make('pol-stranger'),
    applicant: await make('pol-applicant'),
    removed: await make('pol-removed'),
  };
});
afterAll(() => t.close());

/**
 * A fresh group in `state`: a member (full groups hold two: the owner and the member), a message on its board,
 * and on private groups a pending requester and a pending applicant for the owner to decide on.
 */
async function freshGroup(state: State): Promise<{
  id: number;
  messageId: number;
  memberMessageId: number;
  invite: { inviteId: number; token: string };
}> {
  const visibility = visibilityOf(state);
  const id = await postGroup(t.app, users.owner.cookie, {
    visibility,
    maxMembers: state.endsWith('full') ? 2 : null,
  });
  const body = { groupProjectId: id };
  // The removed actor was a member first (before the member, so that a full group has room for them).
  if (visibility === 'public') {
    await call(t.app, 'POST', '/api/group-projects/join', users.removed.cookie, body);
  } else {
    await call(t.app, 'POST', '/api/group-projects/request', users.removed.cookie, body);
    await call(t.app, 'POST', '/api/group-projects/pending-requests', users.owner.cookie, {
      ...body,
      requestUsername: users.removed.login,
    });
  }
  const removal = await call(t.app, 'POST', '/api/group-projects/remove-member', users.owner.cookie, {
    ...body,
    memberUsername: users.removed.login,
  });
  expect(removal.statusCode).toBe(200);
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
  const memberMessage = await call(t.app, 'POST', '/api/messages/add-message', users.member.cookie, {
    groupProjectId: id,
    clientId: `policy-${id}-member`,
    text: 'Hi all',
  });
  expect(memberMessage.statusCode).toBe(200);
  // An invite link made before any moderator hid the group.
  const invite = await call(t.app, 'POST', '/api/group-projects/invites', users.owner.cookie, body);
  expect(invite.statusCode).toBe(201);
  if (statusOf(state) !== 'open') {
    const set = await call(t.app, 'POST', '/api/group-projects/status', users.owner.cookie, {
      groupProjectId: id,
      status: statusOf(state),
    });
    expect(set.statusCode).toBe(200);
  }
  if (state.endsWith('hidden')) {
    await sql`update group_projects set hidden_at = now(), hidden_reason = 'spam' where id = ${id}`.execute(
      t.database.db,
    );
  }
  return {
    id,
    messageId: message.json().data.id,
    memberMessageId: memberMessage.json().data.id,
    invite: invite.json(),
  };
}

async function perform(
  action: string,
  cookie: string | null,
  group: Awaited<ReturnType<typeof freshGroup>>,
  visibility: Visibility,
  actor: Actor,
) {
  /** The actor's own message when they have one (the member's or the owner's), else the owner's. */
  const ownMessageId = actor === 'member' ? group.memberMessageId : group.messageId;
  const othersMessageId = actor === 'member' ? group.messageId : group.memberMessageId;
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
    case 'edit own message':
      return call(t.app, 'POST', '/api/messages/edit-message', cookie, {
        ...body,
        messageId: ownMessageId,
        text: 'Edited',
      });
    case 'delete own message':
      return call(t.app, 'POST', '/api/messages/delete-message', cookie, {
        ...body,
        messageId: ownMessageId,
      });
    case "delete another's message":
      return call(t.app, 'POST', '/api/messages/delete-message', cookie, {
        ...body,
        messageId: othersMessageId,
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
    case 'set status':
      return call(t.app, 'POST', '/api/group-projects/status', cookie, { ...body, status: 'closed' });
    case 'remove a member':
      return call(t.app, 'POST', '/api/group-projects/remove-member', cookie, {
        ...body,
        memberUsername: users.member.login,
        reason: 'Quiet for months',
      });
    case 'hand over':
      return call(t.app, 'POST', '/api/group-projects/transfer-ownership', cookie, {
        ...body,
        memberUsername: users.member.login,
      });
    case 'report':
      return call(t.app, 'POST', '/api/group-projects/report', cookie, { ...body, reason: 'Spam links' });
    case 'save':
      return call(t.app, 'POST', '/api/group-projects/save', cookie, { projectId: group.id });
    case 'unsave':
      return call(t.app, 'DELETE', '/api/group-projects/save', cookie, { projectId: group.id });
    case 'create invite':
      return call(t.app, 'POST', '/api/group-projects/invites', cookie, { ...body, maxUses: 5 });
    case 'allow back':
      return call(t.app, 'DELETE', '/api/group-projects/removed-members', cookie, {
        ...body,
        memberUsername: users.removed.login,
      });
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
    const res = await perform(action, cookie, group, visibilityOf(state), actor);
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
    setStatus: 'set status',
    removeMember: 'remove a member',
    allowBack: 'allow back',
    transferOwnership: 'hand over',
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
