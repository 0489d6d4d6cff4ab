import net from 'node:net';
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
