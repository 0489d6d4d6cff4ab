import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { FakeGitHub } from './support/fake-github.js';
import { call, groupFields, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

type User = { id: number; login: string; cookie: string };
let t: TestApp;
let github: FakeGitHub;
let owner: User;
let stranger: User;
let logins = 0;

const newUser = (prefix: string): Promise<User> => createSignedInUser(t.database.db, `${prefix}-${++logins}`);

beforeAll(async () => {
  github = await new FakeGitHub().start();
  // GITHUB_TIMEOUT_MS is 500 in the fake's environment: a slow GitHub costs half a second, not the page.
  t = await createTestApp({ env: github.env() });
  owner = await createSignedInUser(t.database.db, 'inv-owner');
  stranger = await createSignedInUser(t.database.db, 'inv-stranger');
});
afterAll(async () => {
  await t.close();
  await github.stop();
});

const privateGroup = (overrides: Parameters<typeof postGroup>[2] = {}) =>
  postGroup(t.app, owner.cookie, { visibility: 'private', ...overrides });

async function pendingOf(groupProjectId: number) {
  const res = await call(t.app, 'GET', '/api/group-projects/pending-requests', owner.cookie);
  expect(res.statusCode).toBe(200);
  return (
    res.json().data as { groupProjectId: number; requestUsername: string; message?: string | null }[]
  ).filter((r) => r.groupProjectId === groupProjectId);
}

const summaryUrl = (groupProjectId: number, login: string) =>
  `/api/group-projects/pending-requests/github?groupProjectId=${groupProjectId}&requestUsername=${login}`;

describe("the owner's question and a request's message", () => {
  it('posts and edits a question that everyone sees on the card', async () => {
    const res = await call(t.app, 'POST', '/api/group-projects/post-project', owner.cookie, {
      ...groupFields({ visibility: 'private' }),
      joinQuestion: '  What would you like to build?  ',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().groupProjectId as number;
    const card = await call(t.app, 'GET', `/api/group-projects/${id}`, stranger.cookie);
    expect(card.json().joinQuestion).toBe('What would you like to build?');

    const edit = await call(t.app, 'POST', '/api/group-projects/edit-project', owner.cookie, {
      groupProjectId: id,
      ...groupFields({ visibility: 'private' }),
      joinQuestion: 'Which time zone are you in?',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().joinQuestion).toBe('Which time zone are you in?');
    // Blank is no question.
    await call(t.app, 'POST', '/api/group-projects/edit-project', owner.cookie, {
      groupProjectId: id,
      ...groupFields({ visibility: 'private' }),
      joinQuestion: '   ',
    });
    expect((await call(t.app, 'GET', `/api/group-projects/${id}`, null)).json().joinQuestion).toBeNull();
  });

  it('refuses a question over 200 characters, naming the field', async () => {
    const res = await call(t.app, 'POST', '/api/group-projects/post-project', owner.cookie, {
      ...groupFields(),
      joinQuestion: 'q'.repeat(201),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('body.joinQuestion');
  });

  it('keeps the message of a request for the owner, and none when there is none', async () => {
    const id = await privateGroup();
    const [withMessage, without] = [await newUser('msg'), await newUser('quiet')];
    const sent = await call(t.app, 'POST', '/api/group-projects/request', withMessage.cookie, {
      groupProjectId: id,
      message: ' I build React apps.\nHappy to help with the docs. ',
    });
    expect(sent.statusCode).toBe(201);
    await call(t.app, 'POST', '/api/group-projects/request', without.cookie, { groupProjectId: id });
    const pending = await pendingOf(id);
    expect(pending.find((r) => r.requestUsername === withMessage.login)?.message).toBe(
      'I build React apps.\nHappy to help with the docs.',
    );
    expect(pending.find((r) => r.requestUsername === without.login)?.message).toBeNull();
  });

  it('refuses a message over 500 characters or with control characters, naming the field', async () => {
    const id = await privateGroup();
    const user = await newUser('long');
    const long = await call(t.app, 'POST', '/api/group-projects/request', user.cookie, {
      groupProjectId: id,
      message: 'm'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('body.message');
    const control = await call(t.app, 'POST', '/api/group-projects/request', user.cookie, {
      groupProjectId: id,
      message: 'hello\u0007there',
    });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.message).toBe('body.message must not contain control characters');
    // Exactly 500 is fine; nothing was filed by the refused attempts.
    expect(await pendingOf(id)).toEqual([]);
    const ok = await call(t.app, 'POST', '/api/group-projects/request', user.cookie, {
      groupProjectId: id,
      message: 'm'.repeat(500),
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe("a requester's GitHub summary", () => {
  it('counts public repositories and names the top languages of their own repositories', async () => {
    const id = await privateGroup();
    const requester = await newUser('gh');
    github.users.set(requester.login, {
      id: 77,
      login: requester.login,
      name: null,
      avatar_url: 'https://avatars.githubusercontent.com/u/77',
      repos: [
        { name: 'a', language: 'TypeScript' },
        { name: 'b', language: 'TypeScript' },
        { name: 'c', language: 'Rust' },
        { name: 'd', language: 'Go' },
        { name: 'e', language: 'Go' },
        { name: 'f', language: 'Go' },
        { name: 'g', language: null },
        { name: 'h', language: 'Python' },
        // A fork is someone else's work: counted as a public repository, not for the languages.
        { name: 'fork-1', language: 'Python', fork: true },
        { name: 'fork-2', language: 'Python', fork: true },
        { name: 'secret', language: 'C', private: true },
      ],
    });
    await call(t.app, 'POST', '/api/group-projects/request', requester.cookie, { groupProjectId: id });
    const before = github.requests.length;
    const res = await call(t.app, 'GET', summaryUrl(id, requester.login), owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      available: true,
      login: requester.login,
      publicRepos: 10,
      topLanguages: [
        { language: 'Go', repos: 3 },
        { language: 'TypeScript', repos: 2 },
        { language: 'Python', repos: 1 },
      ],
    });
    expect(github.requests.slice(before).map((r) => r.path)).toEqual(
      expect.arrayContaining([`/users/${requester.login}`, `/users/${requester.login}/repos`]),
    );
    // Kept: asking again does not ask GitHub again.
    const asked = github.requests.length;
    expect((await call(t.app, 'GET', summaryUrl(id, requester.login), owner.cookie)).json().available).toBe(
      true,
    );
    expect(github.requests.length).toBe(asked);
  });

  it('is "unavailable" when GitHub does not answer, while the pending list answers regardless', async () => {
    const id = await privateGroup();
    const [down, slow] = [await newUser('down'), await newUser('slow')];
    for (const user of [down, slow]) {
      await call(t.app, 'POST', '/api/group-projects/request', user.cookie, { groupProjectId: id });
    }
    try {
      github.mode = 'down';
      const before = github.requests.length;
      expect((await pendingOf(id)).map((r) => r.requestUsername).sort()).toEqual(
        [down.login, slow.login].sort(),
      );
      // The pending list never waits on GitHub.
      expect(github.requests.length).toBe(before);
      const res = await call(t.app, 'GET', summaryUrl(id, down.login), owner.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ available: false, login: down.login });

      // GitHub holds its answer past the test's own time limit: an answer at all means the site gave up on it.
      github.mode = 'slow';
      github.slowMs = 10 * 60_000;
      const late = await call(t.app, 'GET', summaryUrl(id, slow.login), owner.cookie);
      expect(late.json()).toEqual({ available: false, login: slow.login });
    } finally {
      github.mode = 'up';
      github.slowMs = 2000;
    }
  });

  it('is only for the owner, and only about someone who asked', async () => {
    const id = await privateGroup();
    const requester = await newUser('who');
    await call(t.app, 'POST', '/api/group-projects/request', requester.cookie, { groupProjectId: id });
    expect((await call(t.app, 'GET', summaryUrl(id, requester.login), stranger.cookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', summaryUrl(id, requester.login), null)).statusCode).toBe(401);
    const nobody = await call(t.app, 'GET', summaryUrl(id, stranger.login), owner.cookie);
    expect(nobody.statusCode).toBe(404);
  });
});
