import { sql } from 'kysely';
import {
  MENTOR_ASKS_PER_WINDOW,
  MENTOR_NEWCOMER_DAYS,
  notificationLink,
  notificationText,
  projectRoom,
  type Mentor,
  type Notification,
} from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call } from './support/groups.js';
import { addProject } from './support/issues.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let mentor: User;
let second: User;
let asker: User;
let projectId: number;

let clientIds = 0;
const nextClientId = () => `mentor-ask-${++clientIds}`;

const volunteer = (user: User | null, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/mentors/volunteer', user?.cookie ?? null, body);
const stepDown = (user: User | null, id = projectId) =>
  call(t.app, 'POST', '/api/mentors/step-down', user?.cookie ?? null, { projectId: id });
const list = async (id = projectId) => {
  const res = await call(t.app, 'GET', `/api/mentors?projectId=${id}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Mentor[];
};
const ask = (user: User | null, question: string, id = projectId, clientId = nextClientId()) =>
  call(t.app, 'POST', '/api/mentors/ask', user?.cookie ?? null, { projectId: id, clientId, question });
const inbox = async (user: User) =>
  (await call(t.app, 'GET', '/api/notifications', user.cookie)).json().data as Notification[];

beforeAll(async () => {
  t = await createTestApp();
  mentor = await createSignedInUser(t.database.db, 'mentor-one');
  second = await createSignedInUser(t.database.db, 'mentor-two');
  asker = await createSignedInUser(t.database.db, 'mentor-asker');
  projectId = await addProject(t.database.db, 'mentor-owner/mentored');
});
afterAll(() => t.close());

describe('mentors of a project', () => {
  it('lists a volunteer publicly with what they help with and how many newcomers; volunteering again updates it', async () => {
    const res = await volunteer(mentor, { projectId, helpWith: '  Tests and CI  ', capacity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      user: { login: mentor.login },
      helpWith: 'Tests and CI',
      capacity: 2,
    });
    expect(await list()).toEqual([expect.objectContaining({ helpWith: 'Tests and CI', capacity: 2 })]);
    await volunteer(mentor, { projectId, helpWith: 'Docs', capacity: 3 });
    expect((await list()).map((m) => [m.user.login, m.helpWith, m.capacity])).toEqual([
      [mentor.login, 'Docs', 3],
    ]);
  });

  it('lets a mentor step down at any time; stepping down when not a mentor is a 409', async () => {
    expect((await volunteer(second, { projectId, helpWith: 'Rust', capacity: 1 })).statusCode).toBe(200);
    expect((await list()).map((m) => m.user.login)).toEqual([mentor.login, second.login]);
    const res = await stepDown(second);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ projectId, mentoring: false });
    expect((await list()).map((m) => m.user.login)).toEqual([mentor.login]);
    expect((await stepDown(second)).statusCode).toBe(409);
  });

  it('refuses anonymous callers (401) and bad input (400), and an unknown project (404)', async () => {
    expect((await volunteer(null, { projectId, helpWith: 'x', capacity: 1 })).statusCode).toBe(401);
    expect((await stepDown(null)).statusCode).toBe(401);
    expect((await ask(null, 'help?')).statusCode).toBe(401);
    for (const body of [
      { projectId, helpWith: 'x', capacity: 0 },
      { projectId, helpWith: 'x', capacity: 21 },
      { projectId, helpWith: '', capacity: 1 },
      { projectId, helpWith: '   ', capacity: 1 },
      { projectId, helpWith: 'x'.repeat(301), capacity: 1 },
      { projectId: 'one', helpWith: 'x', capacity: 1 },
    ]) {
      expect((await volunteer(asker, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await ask(asker, '   ')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/mentors?projectId=0', null)).statusCode).toBe(400);
    expect((await volunteer(asker, { projectId: 987_654, helpWith: 'x', capacity: 1 })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/mentors?projectId=987654', null)).statusCode).toBe(404);
    expect((await ask(asker, 'help?', 987_654)).statusCode).toBe(404);
  });

  it("posts the question in the project's room and tells each mentor, with a link to it", async () => {
    const res = await ask(asker, 'How do I run the tests?');
    expect(res.statusCode, res.body).toBe(200);
    const { message, mentorsTold } = res.json().data;
    expect(mentorsTold).toBe(1);
    expect(message).toMatchObject({
      room: projectRoom(projectId),
      projectId,
      text: 'How do I run the tests?',
    });
    const history = await call(t.app, 'GET', `/api/project-rooms/history?projectId=${projectId}`, null);
    expect(history.json().data[0]).toMatchObject({ id: message.id, author: { login: asker.login } });

    const told = (await inbox(mentor))[0];
    if (!told) throw new Error('the mentor was not told');
    expect(told).toMatchObject({
      kind: 'mentor-asked',
      subject: 'mentor-owner/mentored',
      messageId: message.id,
    });
    expect(notificationText(told)).toBe(
      `${asker.login} asked the mentors of mentor-owner/mentored a question`,
    );
    expect(notificationLink(told)).toBe(`/projects/mentor-owner/mentored#message-${message.id}`);
    // Nobody is told of their own question, and a mentor who stepped down is not told.
    expect((await inbox(asker)).some((n) => n.kind === 'mentor-asked')).toBe(false);
    expect((await inbox(second)).some((n) => n.kind === 'mentor-asked')).toBe(false);
  });

  it('posts and tells once when the same ask is sent again', async () => {
    const clientId = nextClientId();
    const first = await ask(asker, 'Sent twice?', projectId, clientId);
    const again = await ask(asker, 'Sent twice?', projectId, clientId);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const told = (await inbox(mentor)).filter((n) => n.messageId === first.json().data.message.id);
    expect(told).toHaveLength(1);
  });

  it('refuses an ask when nobody (but the asker) mentors the project', async () => {
    const lonely = await addProject(t.database.db, 'mentor-owner/lonely');
    expect((await ask(asker, 'anyone?', lonely)).statusCode).toBe(409);
    await volunteer(asker, { projectId: lonely, helpWith: 'All of it', capacity: 1 });
    expect((await ask(asker, 'only me?', lonely)).statusCode).toBe(409);
  });

  it(`limits asks to ${MENTOR_ASKS_PER_WINDOW} an hour per user: a clear 429 saying when to try again`, async () => {
    const limited = await createSignedInUser(t.database.db, 'mentor-limited');
    for (let i = 0; i < MENTOR_ASKS_PER_WINDOW; i++) {
      expect((await ask(limited, `question ${i}`)).statusCode).toBe(200);
    }
    const refused = await ask(limited, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toMatch(/3 times an hour\. Try again in \d+ minutes?\./);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Refused whole: the question is not in the room and no mentor is told of it.
    const history = await call(t.app, 'GET', `/api/project-rooms/history?projectId=${projectId}`, null);
    expect(history.json().data.map((m: { text: string }) => m.text)).not.toContain('one too many');
    // Another user is not held back by this one's asks.
    expect((await ask(second, 'my own question')).statusCode).toBe(200);
  });

  it('tells a mentor of as many newcomers as they take at a time, and of the ones they already help', async () => {
    const busy = await addProject(t.database.db, 'mentor-owner/busy');
    await volunteer(mentor, { projectId: busy, helpWith: 'Anything', capacity: 1 });
    const first = await createSignedInUser(t.database.db, 'newcomer-first');
    const next = await createSignedInUser(t.database.db, 'newcomer-next');

    expect((await ask(first, 'Where do I start?', busy)).json().data.mentorsTold).toBe(1);
    expect((await list(busy))[0]).toMatchObject({ capacity: 1, newcomers: 1 });
    // The mentor's one place is taken: the next newcomer's question is refused whole, saying what to do.
    const refused = await ask(next, 'Can you help me too?', busy);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Every mentor of this project has as many newcomers as they take right now: ask in its room instead, or try again in a few days.',
    );
    const history = await call(t.app, 'GET', `/api/project-rooms/history?projectId=${busy}`, null);
    expect(history.json().data.map((m: { text: string }) => m.text)).not.toContain('Can you help me too?');
    // The newcomer they help still reaches them, and counts once.
    expect((await ask(first, 'And then?', busy)).json().data.mentorsTold).toBe(1);
    expect((await list(busy))[0]).toMatchObject({ newcomers: 1 });

    // A second mentor with room takes the next one; the full one is not told.
    await volunteer(second, { projectId: busy, helpWith: 'Docs', capacity: 2 });
    const told = await ask(next, 'Now?', busy);
    expect(told.json().data.mentorsTold).toBe(1);
    const questionId = told.json().data.message.id;
    expect((await inbox(second)).some((n) => n.messageId === questionId)).toBe(true);
    expect((await inbox(mentor)).some((n) => n.messageId === questionId)).toBe(false);

    // MENTOR_NEWCOMER_DAYS after a newcomer's last question, the place is free again.
    await sql`update mentor_newcomers set last_asked_at = now() - make_interval(days => ${MENTOR_NEWCOMER_DAYS + 1})
              where newcomer_id = ${first.id}`.execute(t.database.db);
    expect((await list(busy)).map((m) => [m.user.login, m.newcomers])).toEqual([
      [mentor.login, 0],
      [second.login, 1],
    ]);
    // Stepping down ends what they had taken on.
    await stepDown(second, busy);
    await volunteer(second, { projectId: busy, helpWith: 'Docs', capacity: 2 });
    expect((await list(busy)).map((m) => m.newcomers)).toEqual([0, 0]);
  });
});
