import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { REPO, SECRET, useWebhooksWorld } from './support/webhooks.js';
import { openDatabase } from '../src/platform/db/database.js';
import { createTestDatabase } from './support/database.js';
import { issuesEvent, signedDelivery } from './support/fake-github.js';
import { addIssue, addProject, daysAgo } from './support/issues.js';
import { listenForSockets, openSocket } from './support/realtime.js';

const { world, send, takenState } = useWebhooksWorld();
let t: TestApp;
beforeAll(() => {
  t = world.t;
});

describe('POST /api/github/webhooks: who may deliver', () => {
  it('refuses a missing, forged or wrongly keyed signature with 401 and changes nothing', async () => {
    const p = await addProject(t.database.db, REPO);
    await addIssue(t.database.db, p, 1);
    const assigned = issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] });
    for (const secret of [null, 'another-secret-0123456789']) {
      const res = await send('issues', assigned, { secret });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    const signed = signedDelivery(SECRET, 'issues', assigned);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/github/webhooks',
      headers: signed.headers,
      payload: signed.body.replace('"ada"', '"eve"'),
    });
    expect(tampered.statusCode).toBe(401);
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/github/webhooks',
      headers: { ...signed.headers, 'x-hub-signature-256': 'sha256=zz' },
      payload: signed.body,
    });
    expect(garbled.statusCode).toBe(401);
    expect(await takenState(p, 1)).toBe('free');
    const deliveries = await t.database.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(deliveries).toEqual([]);
  });

  it('answers 404 with the reason when no webhook secret is set, and the rest of the site works', async () => {
    const plain = await createTestApp();
    try {
      const res = await send('issues', issuesEvent(REPO, 'opened', { number: 1 }), { app: plain });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toMatch(/GITHUB_WEBHOOK_SECRET/);
      expect((await plain.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });

  it('applies a delivery once: a redelivery answers 200 and changes nothing', async () => {
    const p = await addProject(t.database.db, REPO);
    await addIssue(t.database.db, p, 1);
    const first = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }), {
      deliveryId: 'd-1',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'applied' });
    // Someone unassigned meanwhile (another delivery); the old one sent again must not assign anew.
    await send(
      'issues',
      issuesEvent(REPO, 'unassigned', { number: 1, assignees: [], updatedAt: new Date(Date.now() + 1000) }),
    );
    const again = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }), {
      deliveryId: 'd-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ outcome: 'duplicate' });
    expect(await takenState(p, 1)).toBe('free');
  });

  it('forgets delivery ids after 30 days, pruned as deliveries come', async () => {
    const fresh = await createTestApp({ env: { GITHUB_WEBHOOK_SECRET: SECRET } });
    try {
      const db = fresh.database.db;
      await db
        .insertInto('webhook_deliveries')
        .values([
          { delivery_id: 'old', event: 'issues', received_at: daysAgo(31) },
          { delivery_id: 'recent', event: 'issues', received_at: daysAgo(3) },
        ])
        .execute();
      const p = await addProject(db, REPO);
      await addIssue(db, p, 1);
      const res = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }), {
        app: fresh,
        deliveryId: 'new',
      });
      expect(res.statusCode).toBe(200);
      const ids = await db
        .selectFrom('webhook_deliveries')
        .select('delivery_id')
        .orderBy('delivery_id')
        .execute();
      expect(ids.map((row) => row.delivery_id)).toEqual(['new', 'recent']);
    } finally {
      await fresh.close();
    }
  });

  it('ignores unknown repositories, events and actions with 202', async () => {
    const p = await addProject(t.database.db, REPO);
    await addIssue(t.database.db, p, 1);
    const unknownRepo = await send('issues', issuesEvent('other/repo', 'opened', { number: 5 }));
    expect(unknownRepo.statusCode).toBe(202);
    expect(unknownRepo.json()).toEqual({ outcome: 'ignored' });
    const ping = await send('ping', { zen: 'Design for failure.', hook_id: 1 });
    expect(ping.statusCode).toBe(202);
    const star = await send('star', { action: 'created', repository: { full_name: REPO } });
    expect(star.statusCode).toBe(202);
    const pinned = await send('issues', issuesEvent(REPO, 'pinned', { number: 1, assignees: ['ada'] }));
    expect(pinned.statusCode).toBe(202);
    expect(await takenState(p, 1)).toBe('free');
    const deliveries = await t.database.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(deliveries).toEqual([]);
  });

  it('answers 400 for a body that is not JSON, not an object, or misses what its event needs', async () => {
    await addProject(t.database.db, REPO);
    for (const [event, body] of [
      ['issues', '{"action":'],
      ['issues', '[1,2]'],
      ['issues', JSON.stringify({ action: 'opened', repository: { full_name: REPO } })],
      ['issues', JSON.stringify({ action: 'opened', issue: { number: 1 } })],
      ['pull_request', JSON.stringify({ action: 'opened', repository: { full_name: REPO } })],
      ['installation', JSON.stringify({ action: 'created', installation: { id: 'x' } })],
    ] as const) {
      const res = await send(event, null, { body });
      expect(res.statusCode, `${event} ${body} ${res.body}`).toBe(400);
    }
    const noEvent = signedDelivery(SECRET, 'issues', {});
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/github/webhooks',
      headers: { ...noEvent.headers, 'x-github-event': '' },
      payload: noEvent.body,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const payload = { ...issuesEvent(REPO, 'opened', { number: 1 }), padding: 'x'.repeat(1024 * 1024) };
    const res = await send('issues', payload);
    expect(res.statusCode).toBe(413);
    // Bodies of ordinary size pass the app's smaller limit for JSON: this one is 200 kB.
    await addProject(t.database.db, REPO);
    const big = { ...issuesEvent(REPO, 'opened', { number: 2 }), padding: 'x'.repeat(200_000) };
    expect((await send('issues', big)).statusCode).toBe(200);
  });
});

describe('what a delivery changed reaches open pages', () => {
  it('a socket following issues hears which issues changed, after the commit', async () => {
    const p = await addProject(t.database.db, REPO);
    const id = await addIssue(t.database.db, p, 1);
    const socket = await openSocket(await listenForSockets(t.app), { cookie: null });
    try {
      await socket.next('ready');
      socket.send({ type: 'follow-issues' });
      // The follow is settled once a later frame is answered: an unknown frame's error comes after it.
      socket.send({ type: 'nonsense' });
      await socket.next('error');
      await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }));
      const changed = await socket.next('issues-changed', undefined, 10_000);
      expect(changed.issueIds).toEqual([id]);
    } finally {
      socket.close();
    }
  });
});

/** Two nodes on one PostgreSQL schema (PGlite is one process): what a deployment behind a load balancer is. */
describe.runIf(process.env.OPENLFG_TEST_DB === 'postgres')('on several nodes', () => {
  it('a delivery to one node reaches a socket following issues on another', async () => {
    const schema = t.database.schema;
    const url = process.env.TEST_DATABASE_URL;
    if (!schema || !url) throw new Error('the PostgreSQL test database has a schema of its own');
    const second = await openDatabase({ kind: 'postgres', url, poolSize: 2, searchPath: schema });
    const nodeB = await createTestApp({
      database: { ...second, dispose: () => second.close() },
      env: { GITHUB_WEBHOOK_SECRET: SECRET },
    });
    try {
      const p = await addProject(t.database.db, REPO);
      const id = await addIssue(t.database.db, p, 1);
      const socket = await openSocket(await listenForSockets(nodeB.app), { cookie: null });
      try {
        await socket.next('ready');
        socket.send({ type: 'follow-issues' });
        socket.send({ type: 'nonsense' });
        await socket.next('error');
        const res = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }));
        expect(res.statusCode).toBe(200);
        expect((await socket.next('issues-changed', undefined, 10_000)).issueIds).toEqual([id]);
        expect(await takenState(p, 1, nodeB)).toBe('assigned');
      } finally {
        socket.close();
      }
    } finally {
      await nodeB.close();
      await second.close();
    }
  });
});

describe('a delivery is committed before its answer', () => {
  it('a node stopped right after answering has lost nothing: another node sees it and refuses its redelivery', async () => {
    const database = await createTestDatabase();
    const env = { GITHUB_WEBHOOK_SECRET: SECRET };
    try {
      const first = await createTestApp({ database, env });
      const p = await addProject(database.db, REPO);
      await addIssue(database.db, p, 1);
      const res = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }), {
        app: first,
        deliveryId: 'kept',
      });
      expect(res.statusCode).toBe(200);
      await first.close();
      const second = await createTestApp({ database, env });
      try {
        expect(await takenState(p, 1, second)).toBe('assigned');
        const again = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }), {
          app: second,
          deliveryId: 'kept',
        });
        expect(again.json()).toEqual({ outcome: 'duplicate' });
      } finally {
        await second.close();
      }
    } finally {
      await database.dispose();
    }
  });
});
