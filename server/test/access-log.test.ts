import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testConfig } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

/** The access log as an operator reads it: the lines the real app writes at LOG_LEVEL=info. */
let app: App | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  await app?.close();
  await database?.dispose();
  app = database = undefined;
});

async function appWritingTo(lines: Record<string, unknown>[]): Promise<App> {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    webDistDir: null,
    logger: pino({ level: 'info' }, sink),
  });
  await app.ready();
  return app;
}

describe('the access log', () => {
  it('writes one line per request, once answered: method, url, status, time and request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = await appWritingTo(lines);
    const health = await server.inject({ method: 'GET', url: '/api/health' });
    const missing = await server.inject({ method: 'GET', url: '/api/no-such-route?token=secret-1' });
    const invalid = await server.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { 'content-type': 'application/json' },
      payload: '{"page": "one"}',
    });

    // Nothing else about these requests: no line as one comes in, none for the route not found.
    const requests = lines.filter((line) => 'reqId' in line);
    expect(requests.map((line) => line.msg)).toEqual(['request', 'request', 'request']);
    expect(
      requests.map(({ method, url, statusCode, reqId }) => ({ method, url, statusCode, reqId })),
    ).toEqual([
      { method: 'GET', url: '/api/health', statusCode: 200, reqId: health.headers['x-request-id'] },
      {
        method: 'GET',
        url: '/api/no-such-route?token=%5Bredacted%5D',
        statusCode: 404,
        reqId: missing.headers['x-request-id'],
      },
      { method: 'POST', url: '/api/projects', statusCode: 400, reqId: invalid.headers['x-request-id'] },
    ]);
    for (const line of requests) {
      expect(line.responseTime).toEqual(expect.any(Number));
      expect(line.level).toBe(30);
    }
    expect(JSON.stringify(lines)).not.toContain('secret-1');
  });
});
