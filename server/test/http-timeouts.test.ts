import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './support/app.js';
import { openSocket } from './support/realtime.js';

/**
 * A client that sends its request a few bytes at a time must not hold a connection (and its memory) for as long
 * as it likes. These run a real listening server and raw sockets, since inject() has no network to be slow on.
 */

const TIMEOUT_MS = 500;
/** Far longer than the timeout plus Node's check interval: only decides whether the server ended it at all. */
const ENDS_WITHIN_MS = 30_000;
const LARGE_ANSWER_BYTES = 16 * 1024 * 1024;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) },
    beforeReady: (app) => {
      app.get('/test/slow-answer', async () => {
        await sleep(3 * TIMEOUT_MS);
        return { done: true };
      });
      app.get('/test/large-answer', async (_request, reply) =>
        reply.type('application/octet-stream').send(Buffer.alloc(LARGE_ANSWER_BYTES, 1)),
      );
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  await t.close();
});

/** A raw connection: what it received, and whether the server ended it within `ms`. */
function rawConnection() {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let received = 0;
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    received += chunk.length;
  });
  // Writing to a connection the server has just closed fails; the close is what the test looks at.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    text: () => Buffer.concat(chunks).toString('latin1'),
    received: () => received,
    endedWithin: (ms: number) => Promise.race([closed.then(() => true), sleep(ms).then(() => false)]),
  };
}

/** Writes `piece` every 100 ms until the connection closes. */
function trickle(socket: net.Socket, piece: string): () => void {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(piece);
  }, 100);
  return () => clearInterval(timer);
}

describe('receiving a request', () => {
  it('ends a request whose body trickles in, answering 408 or closing', async () => {
    const connection = rawConnection();
    connection.socket.write(
      'POST /api/projects HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{',
    );
    const stop = trickle(connection.socket, ' ');
    const ended = await connection.endedWithin(ENDS_WITHIN_MS);
    stop();
    connection.socket.destroy();
    expect(ended).toBe(true);
    expect(connection.text()).toMatch(/^(HTTP\/1\.1 408 |$)/);
    if (connection.text() !== '') {
      expect(connection.text()).toContain(
        '{"error":{"code":"REQUEST_TIMEOUT","message":"The request took too long to arrive."}}',
      );
    }
  });

  it('ends a request whose headers trickle in', async () => {
    const connection = rawConnection();
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const stop = trickle(connection.socket, 'X-Slow: 1\r\n');
    const ended = await connection.endedWithin(ENDS_WITHIN_MS);
    stop();
    connection.socket.destroy();
    expect(ended).toBe(true);
    expect(connection.text()).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });

  it('ends a connection that never sends a request', async () => {
    const connection = rawConnection();
    const ended = await connection.endedWithin(ENDS_WITHIN_MS);
    connection.socket.destroy();
    expect(ended).toBe(true);
  });

  it('still serves ordinary requests, including a body sent at once', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
      body: JSON.stringify({ sortField: 'name', order: 'ASC', page: 1 }),
    });
    expect(res.status).toBe(200);
  });
});

describe('what the request timeout leaves alone', () => {
  it('lets a handler take longer than the timeout once the request is in', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/test/slow-answer`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
  });

  it('keeps an idle keep-alive connection between requests, as the keep-alive timeout allows', async () => {
    const connection = rawConnection();
    const request = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n';
    connection.socket.write(request);
    await expect.poll(() => connection.text(), { timeout: ENDS_WITHIN_MS }).toMatch(/^HTTP\/1\.1 200 /);
    await sleep(4 * TIMEOUT_MS);
    connection.socket.write(request);
    await expect
      .poll(() => connection.text().match(/HTTP\/1\.1 200 /g)?.length, { timeout: ENDS_WITHIN_MS })
      .toBe(2);
    connection.socket.destroy();
  });

  it('lets a client read a large answer slowly', async () => {
    const connection = rawConnection();
    connection.socket.write(
      'GET /test/large-answer HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    // Stops reading at once: the server's writes back up for longer than the timeout.
    connection.socket.pause();
    await sleep(4 * TIMEOUT_MS);
    connection.socket.resume();
    expect(await connection.endedWithin(ENDS_WITHIN_MS)).toBe(true);
    expect(connection.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(connection.received()).toBeGreaterThan(LARGE_ANSWER_BYTES);
  });

  it('keeps a quiet WebSocket open past the timeout', async () => {
    const socket = await openSocket(`ws://127.0.0.1:${port}/api/realtime`);
    await socket.next('ready');
    await sleep(4 * TIMEOUT_MS);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    socket.send('still there?');
    expect((await socket.next('error')).code).toBe('BAD_REQUEST');
    socket.close();
  });
});
