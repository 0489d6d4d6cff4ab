// A notification the command-line sync writes reaches the bell of a page open on a server beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSyncAlerts, type SyncAlerts } from '../../../src/cli/sync-alerts.js';
import { openDatabase, type Database } from '../../../src/platform/db/database.js';
import { createTypeScriptAlertReader } from '../../support/alerts.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { listenForSockets, openSocket, type TestSocket } from '../../support/realtime.js';
import { report, repository, seed, startWorld, stopWorld, sync, type SyncWorld } from './support.js';

/**
 * `npm run catalog:sync` on a PostgreSQL server that a server also uses: the command is a process of its own,
 * with its own connections and the alerts it builds (cli/sync-alerts.ts); here it is that code on a second
 * connection to the server's schema. PGlite is one process (the command holds the data folder), so PostgreSQL
 * only; the PGlite path is cli.test.ts's.
 */
const onPostgres = process.env.OPENLFG_TEST_DB === 'postgres';

describe.runIf(onPostgres)('a command-line sync beside a server on PostgreSQL', () => {
  let server: TestApp;
  let url: string;
  let command: Database;
  let alerts: SyncAlerts;
  let world: SyncWorld;
  let socket: TestSocket | undefined;

  beforeAll(async () => {
    server = await createTestApp();
    url = await listenForSockets(server.app);
    const schema = server.database.schema;
    const databaseUrl = process.env.TEST_DATABASE_URL;
    if (!schema || !databaseUrl) throw new Error('the PostgreSQL test database has a schema of its own');
    command = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2, searchPath: schema });
    alerts = await openSyncAlerts(command);
    world = await startWorld();
  });
  afterAll(async () => {
    socket?.close();
    await alerts?.close();
    await command?.close();
    await server?.close();
    await stopWorld(world);
  });

  it("pushes the new unread count to the alert's owner's open page when the sync's batch commits", async () => {
    await seed(command, ['acme/bell']);
    const reader = await createTypeScriptAlertReader(server.database.db, 'bell-reader');
    socket = await openSocket(url, { cookie: reader.cookie });
    await socket.next('ready');
    socket.send({ type: 'follow-notifications' });
    expect(await socket.next('notifications')).toEqual({ type: 'notifications', unreadCount: 0 });

    const createdAt = new Date(Date.now() - 60_000).toISOString();
    world.github.repositories.set('acme/bell', {
      ...repository(1),
      issues: [{ number: 1, title: 'Issue 1', labels: ['good first issue'], createdAt }],
    });
    const outcome = report(await sync(world, command, { alertNewIssues: alerts.alertNewIssues }));
    expect(outcome.status).toBe('completed');

    expect(await socket.next('notifications')).toEqual({ type: 'notifications', unreadCount: 1 });
  });
});
