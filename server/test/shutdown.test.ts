import net from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from './support/app.js';

describe('closing the app', () => {
  it('finishes a request in flight and then refuses new connections', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const t = await createTestApp({
      beforeReady(app) {
        app.get('/api/test/slow', async () => {
          arrived();
          await held;
          return { finished: true };
        });
      },
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const inFlight = fetch(`${address}/api/test/slow`);
    await inHandler;

    const closing = t.app.close();
    // The request finishes once the app no longer takes new connections.
    const port = Number(new URL(address).port);
    await vi.waitFor(() => expect(connects(port)).resolves.toBe(false), { timeout: 20_000, interval: 50 });
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    expect(res.headers.get('connection')).toBe('close');
    // Resolves without waiting for the keep-alive timeout (72 s, well past this test's timeout).
    await closing;
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
    await t.database.dispose();
  });

  it('waits for a handler whose client went away, so the database is not closed under it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let hooksRan!: () => void;
    const otherHooksDone = new Promise<void>((resolve) => {
      hooksRan = resolve;
    });
    const answers: unknown[] = [];
    const t = await createTestApp({
      beforeReady(app) {
        app.get('/api/test/gone', async () => {
          arrived();
          await held;
          // The handler's next query, after its client has given up (as a load generator does at its end).
          const { rows } = await sql<{ one: number }>`select 1 as one`.execute(t.database.db);
          answers.push(rows[0]?.one);
          return { finished: true };
        });
        // Registered after the features', so run before theirs: the features' hooks come once it has.
        app.addHook('onClose', async () => {
          setImmediate(hooksRan);
        });
      },
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const client = new AbortController();
    const request = fetch(`${address}/api/test/gone`, { signal: client.signal }).catch(() => 'aborted');
    await inHandler;
    client.abort();
    expect(await request).toBe('aborted');

    // As main.ts shuts down: the app, then the database.
    const shutdown = t.app.close().then(() => t.database.close());
    await otherHooksDone;
    release();
    await shutdown;
    expect(answers).toEqual([1]);
    await t.database.dispose();
  });
});

/** Whether a new connection to the port is accepted (false once the server stopped listening). */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
