import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransient } from '../src/platform/db/retry.js';
import { isDatabaseUnavailable, isWaitTimeout, temporaryFailure } from '../src/platform/db/unavailable.js';
import { QueueWaitTimeoutError } from '../src/platform/keyed-queue.js';
import { createTestApp, type TestApp } from './support/app.js';

/** A database server that is not there: nothing listens on port 1 of loopback. */
const absent = () => new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2000 });

async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('telling an unavailable database from other failures', () => {
  it('recognises the errors node-postgres gives for an unreachable server', async () => {
    const pool = absent();
    pool.on('error', () => {});
    expect(isDatabaseUnavailable(await errorOf(() => pool.query('select 1')))).toBe(true);
    await pool.end();
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('counts a session the server ended for idling in its transaction as an outage (the node was frozen)', () => {
    const ended = Object.assign(new Error('terminating connection due to idle-in-transaction timeout'), {
      code: '25P03',
    });
    expect(isDatabaseUnavailable(ended)).toBe(true);
  });

  it('tells a wait that ran out (lock, statement, a room’s turn) from an outage and from a defect', () => {
    const lock = Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
    const statement = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    const turn = new QueueWaitTimeoutError('discussion-board-1', 5000);
    for (const error of [lock, statement, turn]) {
      expect(isWaitTimeout(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(temporaryFailure(error)).toBe('wait timed out');
      // Running it again in process would only double the wait: the client retries instead.
      expect(isTransient(error)).toBe(false);
    }
    expect(temporaryFailure(new Error('Connection terminated unexpectedly'))).toBe('database unavailable');
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(temporaryFailure(unique)).toBeNull();
    expect(temporaryFailure(new Error('boom'))).toBeNull();
    expect(isWaitTimeout(null)).toBe(false);
  });

  it('does not mistake a bad query or a constraint for an outage', async () => {
    const db = await PGlite.create();
    expect(isDatabaseUnavailable(await errorOf(() => db.query('selec 1')))).toBe(false);
    await db.exec('create table t (id int primary key); insert into t values (1)');
    expect(isDatabaseUnavailable(await errorOf(() => db.query('insert into t values (1)')))).toBe(false);
    await db.close();
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('answering while the database is away', () => {
  let t: TestApp;
  const pool = absent();
  pool.on('error', () => {});

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test/query-away', async () => pool.query('select 1'));
        app.get('/api/test/lock-timeout', async () => {
          throw Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
        });
        app.get('/api/test/statement-timeout', async () => {
          throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
        });
        app.get('/api/test/turn-timeout', async () => {
          throw new QueueWaitTimeoutError('discussion-board-1', 5000);
        });
        app.get('/api/test/our-bug', async () => {
          throw new Error('a defect');
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await pool.end();
  });

  it('answers 503 with Retry-After, so clients retry rather than give up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/query-away' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      },
    });
  });

  it('answers a wait that ran out (a lock, a statement, a room’s turn) 503 with Retry-After too', async () => {
    for (const url of ['/api/test/lock-timeout', '/api/test/statement-timeout', '/api/test/turn-timeout']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
      expect(res.json().error.code, url).toBe('SERVICE_UNAVAILABLE');
    }
  });

  it('still answers 500 for a defect of ours', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/our-bug' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
