import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.js';
import { createTestApp, type TestApp } from './support/app.js';
import { createTestDatabase } from './support/database.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 once the database is gone', async () => {
    t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
  });

  it.runIf(process.env.OPENLFG_TEST_DB === 'postgres')(
    'answers 200 while every connection of the pool is taken (by requests waiting on locks): it has its own',
    async () => {
      const schema = await createTestDatabase({ migrate: false });
      const database = await openDatabase({
        kind: 'postgres',
        url: process.env.TEST_DATABASE_URL ?? '',
        poolSize: 2,
        searchPath: schema.schema,
        waits: { checkoutMs: 300 },
      });
      const node = await createTestApp({ database: { ...database, dispose: () => database.close() } });
      let release!: () => void;
      const taken = new Promise<void>((resolve) => (release = resolve));
      const holders = [1, 2].map(() => database.db.connection().execute(() => taken));
      try {
        await expect(database.ping()).rejects.toThrow();
        const res = await node.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
      } finally {
        release();
        await Promise.all(holders);
        await node.close();
        await database.close();
        await schema.dispose();
      }
    },
  );
});
