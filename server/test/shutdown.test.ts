import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/app.js';

describe('closing the app', () => {
  it('finishes a request in flight and then refuses new connections', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t = await createTestApp({
      beforeReady(app) {
        app.get('/api/test/slow', async () => {
          await held;
          return { finished: true };
        });
      },
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const inFlight = fetch(`${address}/api/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closing = t.app.close();
    setTimeout(release, 100);
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
