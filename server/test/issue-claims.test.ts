import type { ClaimResponse, IssueListResponse, MyClaimsResponse } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { addIssue, addProject } from './support/issues.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
let project: number;
let issues: number[];
let ada: { id: number; cookie: string };
let lin: { id: number; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  const db = t.database.db;
  await sql`truncate projects, users restart identity cascade`.execute(db);
  project = await addProject(db, 'acme/widgets');
  issues = [];
  for (let n = 1; n <= 5; n++) issues.push(await addIssue(db, project, n, { title: `Issue ${n}` }));
  ada = await createSignedInUser(db, 'ada');
  lin = await createSignedInUser(db, 'lin');
});

const claim = (who: { cookie: string } | null, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/issues/claims',
    headers: { ...jsonHeaders, ...(who ? { cookie: who.cookie } : {}) },
    payload: body,
  });
const release = (who: { cookie: string } | null, issueId: number) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/issues/claims',
    headers: { ...jsonHeaders, ...(who ? { cookie: who.cookie } : {}) },
    payload: { issueId },
  });
const mine = (who: { cookie: string }) =>
  t.app.inject({ method: 'GET', url: '/api/issues/claims', headers: { cookie: who.cookie } });
const finder = async (who: { cookie: string } | null, body: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/issues',
    headers: { ...jsonHeaders, ...(who ? { cookie: who.cookie } : {}) },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as IssueListResponse;
};
const id = (n: number) => issues[n - 1] ?? 0;

describe('claims on OpenLFG', () => {
  it('only signed-in users claim, release or list their claims', async () => {
    expect((await claim(null, { issueId: id(1) })).statusCode).toBe(401);
    expect((await release(null, id(1))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/issues/claims' })).statusCode).toBe(401);
  });

  it('a claim shows to everyone, marked as the holder\'s own for them, and leaves "not taken"', async () => {
    const res = await claim(ada, { issueId: id(1) });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as ClaimResponse;
    expect(answer).toMatchObject({ renewed: false, activeClaims: 1 });
    expect(answer.issue.taken).toMatchObject({
      state: 'claimed_here',
      reason: 'claimed on OpenLFG by @ada just now',
      by: 'ada',
    });
    expect(answer.issue.claim).toMatchObject({ login: 'ada', mine: true });
    const days = (Date.parse(answer.issue.claim?.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    // Another user sees it claimed, not theirs; "not taken" (the default) hides it.
    const all = await finder(lin, { notTaken: false });
    const row = all.data.find((i) => i.issueId === id(1));
    expect(row?.claim).toMatchObject({ login: 'ada', mine: false });
    expect(row?.claims).toBe(1);
    expect((await finder(lin)).data.map((i) => i.issueId)).not.toContain(id(1));

    // A second claimant of the same issue: both count; each sees their own claim first.
    expect((await claim(lin, { issueId: id(1) })).statusCode).toBe(201);
    const both = await finder(lin, { notTaken: false });
    expect(both.data.find((i) => i.issueId === id(1))).toMatchObject({
      claims: 2,
      claim: { login: 'lin', mine: true },
    });
    const anonymous = await finder(null, { notTaken: false });
    expect(anonymous.data.find((i) => i.issueId === id(1))?.claim).toMatchObject({
      login: 'ada',
      mine: false,
    });
  });

  it('claiming an issue you already claim is a 409 that says how to renew; renewing keeps the start', async () => {
    const first = (await claim(ada, { issueId: id(2) })).json() as ClaimResponse;
    const again = await claim(ada, { issueId: id(2) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_CLAIMED');
    expect(again.json().error.message).toMatch(/renew the claim \(send renew: true\)/);

    await t.database.db
      .updateTable('issue_claims')
      .set({ expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    const renewed = await claim(ada, { issueId: id(2), renew: true });
    expect(renewed.statusCode).toBe(200);
    const body = renewed.json() as ClaimResponse;
    expect(body).toMatchObject({ renewed: true, activeClaims: 1 });
    expect(body.issue.claim?.since).toBe(first.issue.claim?.since);
    expect(Date.parse(body.issue.claim?.expiresAt ?? '')).toBeGreaterThan(Date.now() + 13.9 * 86_400_000);
  });

  it('lists my claims oldest first, and renewing one keeps its place', async () => {
    for (const n of [3, 1, 2]) expect((await claim(ada, { issueId: id(n) })).statusCode).toBe(201);
    // Claimed a minute apart, the first one soonest to expire.
    for (const [index, n] of [3, 1, 2].entries()) {
      await t.database.db
        .updateTable('issue_claims')
        .set({
          claimed_at: new Date(Date.now() - (3 - index) * 60_000),
          expires_at: new Date(Date.now() + index * 60_000 + 86_400_000),
        })
        .where('issue_id', '=', id(n))
        .execute();
    }
    const order = async () => ((await mine(ada)).json() as MyClaimsResponse).data.map((i) => i.issueId);
    expect(await order()).toEqual([id(3), id(1), id(2)]);

    expect((await claim(ada, { issueId: id(3), renew: true })).statusCode).toBe(200);
    expect(await order()).toEqual([id(3), id(1), id(2)]);
  });

  it('allows three active claims per user; the fourth is refused until one is released', async () => {
    for (const n of [1, 2, 3]) expect((await claim(ada, { issueId: id(n) })).statusCode).toBe(201);
    const fourth = await claim(ada, { issueId: id(4) });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toMatchObject({ code: 'CLAIM_LIMIT' });
    expect(fourth.json().error.message).toContain('3 issues');

    const mineNow = (await mine(ada)).json() as MyClaimsResponse;
    expect(mineNow.limit).toBe(3);
    expect(mineNow.data.map((i) => i.issueId).sort()).toEqual([id(1), id(2), id(3)].sort());

    const released = await release(ada, id(2));
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({ issueId: id(2), released: true, activeClaims: 2 });
    expect((await release(ada, id(2))).statusCode).toBe(404);
    expect((await claim(ada, { issueId: id(4) })).statusCode).toBe(201);
    // The released issue is free again for everyone.
    expect((await finder(lin)).data.map((i) => i.issueId)).toContain(id(2));
  });

  it('a claim lasts 14 days: a lapsed one no longer counts, shows, or takes the issue', async () => {
    for (const n of [1, 2, 3]) await claim(ada, { issueId: id(n) });
    // Fourteen days later, for the first claim: its expiry (and the issue's copy of it) passed.
    const lapsed = new Date(Date.now() - 1000);
    await t.database.db
      .updateTable('issue_claims')
      .set({ expires_at: lapsed })
      .where('issue_id', '=', id(1))
      .execute();
    await t.database.db
      .updateTable('issues')
      .set({ claimed_until: lapsed })
      .where('id', '=', id(1))
      .execute();
    expect((await finder(lin)).data.map((i) => i.issueId)).toContain(id(1));
    expect(((await mine(ada)).json() as MyClaimsResponse).data).toHaveLength(2);
    // Room for another claim; claiming the lapsed one again starts a new claim.
    const again = await claim(ada, { issueId: id(1) });
    expect(again.statusCode).toBe(201);
    expect((again.json() as ClaimResponse).renewed).toBe(false);
  });

  it('refuses unknown and closed issues clearly; a closed issue ends its claims', async () => {
    const unknown = await claim(ada, { issueId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('There is no issue 999999 in the finder.');

    const closed = await addIssue(t.database.db, project, 50, { open: false });
    const res = await claim(ada, { issueId: closed });
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toEqual({
      code: 'ISSUE_CLOSED',
      message: 'This issue is closed on GitHub or no longer labelled for beginners, so it cannot be claimed.',
    });

    // An open issue claimed, then closed: the claim no longer counts toward the limit nor lists.
    await claim(ada, { issueId: id(5) });
    await t.database.db.updateTable('issues').set({ open: false }).where('id', '=', id(5)).execute();
    expect(((await mine(ada)).json() as MyClaimsResponse).data).toEqual([]);
  });

  it('refuses a bad body naming the field', async () => {
    const res = await claim(ada, { issueId: 'one' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('body.issueId');
  });
});
