import {
  PERSON_INVITES_PER_DAY,
  notificationLink,
  type GroupSummary,
  type Notification,
  type PeopleForGroupResponse,
  type UserProfile,
} from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, groupFields } from './support/groups.js';
import { profile, saveProfile } from './support/profiles.js';
import { createSignedInUser } from './support/users.js';

type User = Awaited<ReturnType<typeof createSignedInUser>>;
let t: TestApp;
let alice: User;
let bob: User;
let carol: User;
let dave: User;

async function viewProfile(viewer: User | null, login: string) {
  return call(t.app, 'GET', `/api/users/${login}`, viewer?.cookie ?? null);
}

async function postGroup(owner: User, extra: Record<string, unknown>): Promise<number> {
  const res = await call(t.app, 'POST', '/api/group-projects/post-project', owner.cookie, {
    ...groupFields(),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().groupProjectId;
}

const needs = (
  skills: string[],
  from: number | null,
  to: number | null,
  hoursPerWeek: number | null = null,
) => ({
  needs: { skills, timezoneFrom: from, timezoneTo: to, hoursPerWeek },
});

async function groupsForYou(user: User | null) {
  return call(t.app, 'POST', '/api/group-projects', user?.cookie ?? null, {
    sortField: 'match',
    order: 'DESC',
    page: 1,
  });
}

async function peopleFor(owner: User, groupId: number) {
  const res = await call(t.app, 'GET', `/api/group-projects/people?groupProjectId=${groupId}`, owner.cookie);
  return res;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createSignedInUser(t.database.db, 'alice-people');
  bob = await createSignedInUser(t.database.db, 'bob-people');
  carol = await createSignedInUser(t.database.db, 'carol-people');
  dave = await createSignedInUser(t.database.db, 'dave-people');
  // Bob's public repositories as GitHub gave them last (the accounts' cache, fresh).
  await t.database.db
    .insertInto('github_repo_cache')
    .values({
      user_id: bob.id,
      repos: JSON.stringify([
        {
          name: 'a',
          fullName: 'bob/a',
          url: 'u',
          description: null,
          language: 'TypeScript',
          stars: 1,
          topics: ['reactjs'],
        },
        { name: 'b', fullName: 'bob/b', url: 'u', description: null, language: 'TypeScript', stars: 1 },
        { name: 'c', fullName: 'bob/c', url: 'u', description: null, language: 'Rust', stars: 1 },
      ]),
      fetched_at: new Date(),
    })
    .execute();
});
afterAll(() => t.close());

describe('profiles', () => {
  it('answers 404 for a login nobody here has', async () => {
    const res = await viewProfile(alice, 'nobody-here-at-all');
    expect(res.statusCode).toBe(404);
  });

  it('saves one’s own profile, with languages and topics from the public repositories', async () => {
    const saved = await saveProfile(
      t.app,
      bob,
      profile({
        skills: ['Node.js', 'nodejs', 'docs'],
        timezone: 'Etc/GMT-1',
        hoursPerWeek: 10,
        learning: '  Rust  ',
        lookingForGroup: true,
        pitch: 'I like tests.',
      }),
    );
    expect(saved).toMatchObject({
      login: bob.login,
      languages: ['TypeScript', 'Rust'],
      topics: ['react'],
      skills: ['nodejs', 'docs'],
      timezone: 'Etc/GMT-1',
      utcOffsetMinutes: 60,
      hoursPerWeek: 10,
      learning: 'Rust',
      lookingForGroup: true,
    });
    const own = await call(t.app, 'GET', '/api/account/profile', bob.cookie);
    expect(own.json()).toEqual(saved);
  });

  it('refuses a timezone that is not one, and a skill that is not a topic, naming the field', async () => {
    const zone = await call(
      t.app,
      'POST',
      '/api/account/profile',
      bob.cookie,
      profile({ timezone: 'Mars/Base' }),
    );
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error.message).toContain('timezone');
    const skill = await call(t.app, 'POST', '/api/account/profile', bob.cookie, profile({ skills: ['!!!'] }));
    expect(skill.statusCode).toBe(400);
    const anonymous = await call(t.app, 'GET', '/api/account/profile', null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows a profile to signed-in users, and only its GitHub fields to nobody signed in', async () => {
    const seen = (await viewProfile(carol, bob.login)).json() as UserProfile;
    expect(seen).toMatchObject({
      restricted: false,
      own: false,
      skills: ['nodejs', 'docs'],
      hoursPerWeek: 10,
    });
    // Claims and mentor roles stay out unless Bob shows them.
    expect(seen).not.toHaveProperty('claims');
    expect(seen).not.toHaveProperty('mentoring');
    const anonymous = await viewProfile(null, bob.login);
    expect(anonymous.statusCode).toBe(200);
    expect(Object.keys(anonymous.json()).sort()).toEqual(['avatarUrl', 'login', 'name', 'own', 'restricted']);
    expect(anonymous.body).not.toContain('I like tests');
  });

  it('shows a profile kept for groups one asks to join only to those groups’ owners', async () => {
    await saveProfile(
      t.app,
      dave,
      profile({
        visibleTo: 'requested-groups',
        pitch: 'secret pitch',
        lookingForGroup: true,
        skills: ['typescript'],
      }),
    );
    const privateGroup = await postGroup(carol, { visibility: 'private' });
    const before = await viewProfile(carol, dave.login);
    expect(before.json().restricted).toBe(true);
    expect(before.body).not.toContain('secret pitch');
    // Nor does "People for your group" show Dave to Carol yet.
    const typescriptGroup = await postGroup(carol, needs(['typescript'], null, null));
    expect((await peopleFor(carol, typescriptGroup)).body).not.toContain(dave.login);

    const asked = await call(t.app, 'POST', '/api/group-projects/request', dave.cookie, {
      groupProjectId: privateGroup,
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    expect((await viewProfile(carol, dave.login)).json()).toMatchObject({
      restricted: false,
      pitch: 'secret pitch',
    });
    expect((await peopleFor(carol, typescriptGroup)).body).toContain(dave.login);
    // Someone else's groups were not asked.
    const other = await viewProfile(alice, dave.login);
    expect(other.json().restricted).toBe(true);
    expect(other.body).not.toContain('secret pitch');
    // Dave always sees his own, every field.
    expect((await viewProfile(dave, dave.login)).json()).toMatchObject({ own: true, pitch: 'secret pitch' });
  });
});

describe('matching', () => {
  let europe: number;
  let pacific: number;

  beforeAll(async () => {
    europe = await postGroup(alice, { title: 'TS in Europe', ...needs(['TypeScript', 'go'], 0, 180, 5) });
    pacific = await postGroup(alice, { title: 'Go on the Pacific', ...needs(['go', 'rust'], -600, -420) });
  });

  it('ranks groups for Bob by the skills they need that he has, and says why', async () => {
    const res = await groupsForYou(bob);
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json().data as GroupSummary[];
    const ours = groups.filter((g) => [europe, pacific].includes(g.groupProjectId));
    expect(ours.map((g) => g.groupProjectId)).toEqual([europe, pacific]);
    const [first, second] = ours as [GroupSummary, GroupSummary];
    expect(first.match?.reasons).toEqual([
      'needs TypeScript, which you use',
      'overlaps 9 h with your day',
      'asks 5 h a week, you have 10',
      'active today',
    ]);
    expect(first.match?.overlapMinutes).toBe(540);
    // UTC+1 against UTC-10..-7: eight hours from the window's nearer end leaves one hour of his day.
    expect(second.match?.reasons).toEqual([
      'needs Rust, which you use',
      'overlaps 1 h with your day',
      'active today',
    ]);
    expect(first.needs).toEqual({
      skills: ['typescript', 'go'],
      timezoneFrom: 0,
      timezoneTo: 180,
      hoursPerWeek: 5,
    });
  });

  it('leaves out the groups one owns or is in', async () => {
    const groups = (await groupsForYou(alice)).json().data as GroupSummary[];
    expect(groups.map((g) => g.groupProjectId)).not.toContain(europe);
  });

  it('leaves out the groups of an owner who blocked the viewer, and of one the viewer blocked', async () => {
    const erin = await createSignedInUser(t.database.db, 'erin-people');
    const frank = await createSignedInUser(t.database.db, 'frank-people');
    const erins = await postGroup(erin, { title: 'Erin needs TypeScript', ...needs(['TypeScript'], 0, 180) });
    const franks = await postGroup(frank, {
      title: 'Frank needs TypeScript',
      ...needs(['TypeScript'], 0, 180),
    });
    const suggestedToBob = async () => {
      const res = await groupsForYou(bob);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as { data: GroupSummary[]; total: number };
      return { ids: answer.data.map((g) => g.groupProjectId), total: answer.total };
    };
    const before = await suggestedToBob();
    expect(before.ids).toEqual(expect.arrayContaining([erins, franks]));

    const block = (blocker: User, login: string) =>
      call(t.app, 'POST', '/api/account/blocks', blocker.cookie, { login });
    expect((await block(erin, bob.login)).statusCode).toBe(200);
    expect((await block(bob, frank.login)).statusCode).toBe(200);

    const after = await suggestedToBob();
    expect(after.ids).not.toContain(erins);
    expect(after.ids).not.toContain(franks);
    expect(after.total).toBe(before.total - 2);
  });

  it('asks nobody signed in to sign in first', async () => {
    const res = await groupsForYou(null);
    expect(res.statusCode).toBe(401);
  });

  it('ranks people looking for a group for its owner, with why, and only for its owner', async () => {
    const res = await peopleFor(alice, europe);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PeopleForGroupResponse;
    expect(answer.data[0]).toMatchObject({
      login: bob.login,
      invited: false,
      match: {
        reasons: [
          'uses TypeScript, which your group needs',
          'your window overlaps 9 h with their day',
          'has 10 h a week, you ask 5',
          'active today',
        ],
      },
    });
    expect(answer.invitationsLeftToday).toBe(PERSON_INVITES_PER_DAY);
    // Nobody else finds people for Alice's group.
    expect((await peopleFor(bob, europe)).statusCode).toBe(403);
  });

  it('invites someone found there: a notification leading to a working invite link', async () => {
    const res = await call(t.app, 'POST', '/api/group-projects/people/invite', alice.cookie, {
      groupProjectId: europe,
      login: bob.login,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      login: bob.login,
      invited: true,
      invitationsLeftToday: PERSON_INVITES_PER_DAY - 1,
    });
    const inbox = (await call(t.app, 'GET', '/api/notifications', bob.cookie)).json().data as Notification[];
    const invitation = inbox.find((n) => n.kind === 'group-invited');
    expect(invitation?.subject).toBe('TS in Europe');
    const link = notificationLink(invitation as Notification) ?? '';
    expect(link).toMatch(/^\/invite\//);
    const joined = await call(t.app, 'POST', '/api/group-projects/invites/join', bob.cookie, {
      token: link.slice('/invite/'.length),
    });
    expect(joined.statusCode, joined.body).toBe(200);
    // Twice is refused; and once in, Bob is no longer suggested for it.
    const again = await call(t.app, 'POST', '/api/group-projects/people/invite', alice.cookie, {
      groupProjectId: europe,
      login: bob.login,
    });
    expect(again.statusCode).toBe(409);
    expect((await peopleFor(alice, europe)).body).not.toContain(bob.login);
  });

  it(`lets an owner invite ${PERSON_INVITES_PER_DAY} people a day, then answers 429 with Retry-After`, async () => {
    const owner = await createSignedInUser(t.database.db, 'busy-owner');
    const group = await postGroup(owner, needs(['elixir'], null, null));
    const people: User[] = [];
    for (let i = 0; i <= PERSON_INVITES_PER_DAY; i++) {
      const person = await createSignedInUser(t.database.db, `elixir-person-${i}`);
      await saveProfile(t.app, person, profile({ skills: ['elixir'], lookingForGroup: true }));
      people.push(person);
    }
    for (const person of people.slice(0, PERSON_INVITES_PER_DAY)) {
      const res = await call(t.app, 'POST', '/api/group-projects/people/invite', owner.cookie, {
        groupProjectId: group,
        login: person.login,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await call(t.app, 'POST', '/api/group-projects/people/invite', owner.cookie, {
      groupProjectId: group,
      login: people[PERSON_INVITES_PER_DAY]?.login,
    });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().error.message).toContain(`${PERSON_INVITES_PER_DAY} people a day`);
    expect((await peopleFor(owner, group)).json().invitationsLeftToday).toBe(0);
  });

  it('leaves out, and will not invite, anyone a block stands between with the owner, either way', async () => {
    const owner = await createSignedInUser(t.database.db, 'cobol-owner');
    const group = await postGroup(owner, needs(['cobol'], null, null));
    const blocked = await createSignedInUser(t.database.db, 'cobol-blocked');
    const blocker = await createSignedInUser(t.database.db, 'cobol-blocker');
    for (const person of [blocked, blocker]) {
      await saveProfile(t.app, person, profile({ skills: ['cobol'], lookingForGroup: true }));
    }
    const suggested = async () =>
      ((await peopleFor(owner, group)).json() as PeopleForGroupResponse).data.map((p) => p.login);
    expect(await suggested()).toEqual(expect.arrayContaining([blocked.login, blocker.login]));

    const block = (by: User, login: string) =>
      call(t.app, 'POST', '/api/account/blocks', by.cookie, { login });
    expect((await block(owner, blocked.login)).statusCode).toBe(200);
    expect((await block(blocker, owner.login)).statusCode).toBe(200);
    expect(await suggested()).toEqual([]);
    for (const person of [blocked, blocker]) {
      const res = await call(t.app, 'POST', '/api/group-projects/people/invite', owner.cookie, {
        groupProjectId: group,
        login: person.login,
      });
      // As for anyone not looking for a group: the owner is not told of the other's block.
      expect(res.statusCode).toBe(404);
    }
  });

  it('invites only people looking for a group', async () => {
    const res = await call(t.app, 'POST', '/api/group-projects/people/invite', alice.cookie, {
      groupProjectId: pacific,
      login: carol.login,
    });
    expect(res.statusCode).toBe(404);
  });
});
