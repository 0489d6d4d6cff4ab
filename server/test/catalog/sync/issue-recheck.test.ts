import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../../src/platform/bus/event-bus.js';
import { createTestApp, jsonHeaders, type TestApp } from '../../support/app.js';
import type { FakeGraphQLIssue } from '../../support/fake-github.js';
import { report, repository, syncEnv, useSyncWorld } from './support.js';

const t = useSyncWorld();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const issue = (number: number, extra: Partial<FakeGraphQLIssue> = {}): FakeGraphQLIssue => ({
  number,
  title: `Issue ${number}`,
  labels: ['good first issue'],
  createdAt: ago(1000 - number),
  ...extra,
});

/** The clock the app's rechecks read; tests move it instead of waiting. */
let clock = Date.now();
/** The start of an hour after the sync's facts were stored: views from here on see them as stale. */
const nextHour = () => Math.ceil((Date.now() + 1) / HOUR) * HOUR;

let node: TestApp | null = null;
let events: BusEvent[] = [];
let heard: (() => void)[] = [];

/** Resolves once the bus has delivered `count` events (it delivers on a later turn than the commit). */
function eventsHeard(count: number): Promise<BusEvent[]> {
  return new Promise((resolve) => {
    const check = () => (events.length >= count ? resolve(events) : heard.push(check));
    check();
  });
}

afterEach(async () => {
  await node?.close();
  node = null;
});

/** An app on the file's database, its rechecks on `clock`, listening to its bus. */
async function start(env: NodeJS.ProcessEnv = {}, options = { token: true }): Promise<TestApp> {
  const { GITHUB_TOKEN, ...withoutToken } = syncEnv(t.world, env);
  node = await createTestApp({
    database: t.database,
    env: options.token ? { ...withoutToken, GITHUB_TOKEN } : withoutToken,
    recheckClock: () => clock,
  });
  events = [];
  heard = [];
  node.app.eventBus.onEvent((event) => {
    events.push(event);
    const waiting = heard;
    heard = [];
    for (const check of waiting) check();
  });
  return node;
}

/** Three open beginner issues of acme/widgets stored by a sync, nobody on them. */
async function synced(): Promise<void> {
  await t.seed(['acme/widgets']);
  t.world.github.repositories.set('acme/widgets', {
    ...repository(1),
    issues: [issue(1), issue(2), issue(3)],
  });
  expect(report(await t.sync()).status).toBe('completed');
}

function fakeIssue(number: number): FakeGraphQLIssue {
  const found = t.world.github.findRepository('acme/widgets')?.issues?.find((i) => i.number === number);
  if (!found) throw new Error(`no fake issue ${number}`);
  return found;
}

/** GraphQL queries of the recheck's shape (one issue per alias), as GitHub received them. */
const rechecks = () =>
  t.world.github.graphqlQueries.filter(
    (q) => q.status === 200 && q.repos.length > 0 && !q.beginnerLabels.length,
  );

const stored = () =>
  t.database.db
    .selectFrom('issues')
    .select(['id', 'number', 'assignee', 'open', 'checked_at'])
    .select(sql<boolean>`github_taken_until > now()`.as('taken'))
    .orderBy('number')
    .execute();

async function viewPage(app: TestApp) {
  const res = await app.app.inject({ method: 'GET', url: '/api/projects/acme/widgets' });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('rechecks on view', () => {
  it("rechecks a viewed project's stale issues once per half hour, storing and announcing what changed", async () => {
    await synced();
    const app = await start();
    clock = Date.now();
    // Facts just synced: nothing to ask.
    await viewPage(app);
    await app.app.issueRechecks.settled();
    expect(rechecks()).toHaveLength(0);

    fakeIssue(2).assignees = [{ login: 'ada', at: ago(1) }];
    clock = nextHour() + 35 * MINUTE;
    await viewPage(app);
    await app.app.issueRechecks.settled();
    // One GraphQL query for the project's three issues.
    expect(rechecks()).toEqual([expect.objectContaining({ repos: Array(3).fill('acme/widgets') })]);
    const rows = await stored();
    expect(rows.map((r) => [r.number, r.assignee, r.taken])).toEqual([
      [1, null, false],
      [2, 'ada', true],
      [3, null, false],
    ]);
    expect(rows.every((r) => r.checked_at?.getTime() === clock)).toBe(true);
    expect(await eventsHeard(1)).toEqual([{ kind: 'issues-changed', issueIds: [rows[1]?.id] }]);

    // Within the half hour: no more questions, from the page or the finder.
    fakeIssue(3).state = 'CLOSED';
    clock += 29 * MINUTE;
    await viewPage(app);
    const listed = await app.app.inject({
      method: 'POST',
      url: '/api/issues',
      headers: jsonHeaders,
      payload: {},
    });
    expect(listed.statusCode, listed.body).toBe(200);
    await app.app.issueRechecks.settled();
    expect(rechecks()).toHaveLength(1);

    // Past it: the finder's listing asks again; the closed issue leaves the finder.
    clock += 2 * MINUTE;
    const again = await app.app.inject({
      method: 'POST',
      url: '/api/issues',
      headers: jsonHeaders,
      payload: {},
    });
    expect(again.statusCode, again.body).toBe(200);
    await app.app.issueRechecks.settled();
    expect(rechecks()).toHaveLength(2);
    expect((await stored()).map((r) => [r.number, r.open])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect((await eventsHeard(2)).at(-1)).toEqual({ kind: 'issues-changed', issueIds: [rows[2]?.id] });
  });

  it('stops at the hourly budget, shared through the database, and goes on the next hour', async () => {
    await synced();
    const app = await start({ ISSUE_RECHECKS_PER_HOUR: '2' });
    clock = nextHour() + 35 * MINUTE;
    await viewPage(app);
    await app.app.issueRechecks.settled();
    expect(rechecks()).toEqual([expect.objectContaining({ repos: Array(2).fill('acme/widgets') })]);
    expect((await stored()).filter((r) => r.checked_at !== null)).toHaveLength(2);

    // The third issue is still stale, but the hour's budget is spent, for this node and another alike.
    clock += 10 * MINUTE;
    await viewPage(app);
    await app.app.issueRechecks.settled();
    const other = await createTestApp({
      database: t.database,
      env: syncEnv(t.world, { ISSUE_RECHECKS_PER_HOUR: '2' }),
      recheckClock: () => clock,
    });
    try {
      await viewPage(other);
      await other.app.issueRechecks.settled();
    } finally {
      await other.close();
    }
    expect(rechecks()).toHaveLength(1);

    // The next hour: the oldest facts first, the one left out before.
    clock += HOUR;
    await viewPage(app);
    await app.app.issueRechecks.settled();
    expect(rechecks()).toHaveLength(2);
    const third = (await stored()).find((r) => r.number === 3);
    expect(third?.checked_at?.getTime()).toBe(clock);
    const hours = await t.database.db.selectFrom('issue_recheck_hours').selectAll().orderBy('hour').execute();
    expect(hours.map((h) => h.used)).toEqual([2, 2]);
  });

  it('leaves projects that webhooks keep fresh (a GitHub App installation covers them) to the webhooks', async () => {
    await synced();
    await t.database.db
      .insertInto('github_installations')
      .values({ id: 77, account_login: 'acme' })
      .execute();
    await t.database.db
      .updateTable('projects')
      .set({ github_installation_id: 77 })
      .where('repo_ext', '=', 'acme/widgets')
      .execute();
    const app = await start();
    clock = nextHour() + 35 * MINUTE;
    await viewPage(app);
    await app.app.issueRechecks.settled();
    expect(rechecks()).toHaveLength(0);
    expect((await stored()).every((r) => r.checked_at === null)).toBe(true);
  });

  it('asks nothing without a GitHub token', async () => {
    await synced();
    const app = await start({}, { token: false });
    t.world.github.requests.length = 0;
    clock = nextHour() + 35 * MINUTE;
    await viewPage(app);
    await app.app.inject({ method: 'POST', url: '/api/issues', headers: jsonHeaders, payload: {} });
    await app.app.issueRechecks.settled();
    expect(t.world.github.requests).toEqual([]);
    expect((await stored()).every((r) => r.checked_at === null)).toBe(true);
  });

  it('answers the page while GitHub is frozen; the recheck gives up at the client timeout', async () => {
    await synced();
    const app = await start({ GITHUB_TIMEOUT_MS: '300' });
    clock = nextHour() + 35 * MINUTE;
    const thaw = t.world.github.freeze();
    try {
      const asked = t.world.github.requestSeen((path) => path === '/graphql');
      const res = await viewPage(app);
      expect(res.json()).toMatchObject({ project: { repoExt: 'acme/widgets' } });
      // The page was answered; GitHub is asked after it, and never answers.
      await asked;
      await app.app.issueRechecks.settled();
      const rows = await stored();
      expect(rows.every((r) => r.checked_at?.getTime() === clock && !r.taken)).toBe(true);
      expect(events).toEqual([]);
    } finally {
      thaw();
    }
  });
});
