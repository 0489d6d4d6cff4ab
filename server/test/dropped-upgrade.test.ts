import net from 'node:net';
import { REALTIME_PATH } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { TEST_PUBLIC_URL, testConfig } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { capturedLogger } from './support/log-lines.js';
import { listenForSockets, openSocket } from './support/realtime.js';

/**
 * A client that drops its connection while the WebSocket upgrade is under way (a tab closed, a phone losing its
 * network) leaves a request whose connection has no peer any more, so no address. That is the client's doing:
 * at most one warning in the log, never an error with a stack, and the channel goes on serving.
 */
describe.each([
  ['with the API rate limit on', '1000'],
  ['with the API rate limit off', '0'],
])('a WebSocket upgrade dropped mid-way, %s', (_name, perMinute) => {
  let app: App;
  let database: TestDatabase;
  let url: string;
  const { logger, lines } = capturedLogger();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ RATE_LIMIT_PER_MINUTE: perMinute }),
      database,
      webDistDir: null,
      logger,
      // One socket per address: the dropped upgrade must not keep the place of the socket opened after it.
      realtime: { connectionLimits: { perAddress: 1 } },
    });
    url = await listenForSockets(app);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('logs no error, and the next socket from the address opens', async () => {
    lines.length = 0;
    const { port } = new URL(url);
    // The server's end of the connection: its close says the server has seen the reset.
    const serverSide = new Promise<net.Socket>((resolve) => app.server.once('connection', resolve));
    const client = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    // The whole upgrade request, then a reset: the server reads the request from a connection already gone.
    client.write(
      [
        `GET ${REALTIME_PATH} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Origin: ${TEST_PUBLIC_URL}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        '',
        '',
      ].join('\r\n'),
    );
    client.resetAndDestroy();
    const server = await serverSide;
    if (!server.destroyed) await new Promise((resolve) => server.once('close', resolve));

    // Served after the dropped request is done with (an anonymous upgrade waits on nothing but this node).
    const socket = await openSocket(url);
    await socket.next('ready');
    socket.close();

    const serious = lines.filter((line) => line.level >= 40);
    expect(serious.filter((line) => line.level >= 50)).toEqual([]);
    expect(serious.length).toBeLessThanOrEqual(1);
  });
});
