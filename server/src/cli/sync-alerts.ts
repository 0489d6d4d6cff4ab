import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createAlertsRepository } from '../alerts/repository.js';
import { createAlertsService } from '../alerts/service.js';
import type { AlertNewIssues } from '../catalog/sync/run.js';
import { createNotificationsRepository } from '../notifications/repository.js';
import { createNotificationsService } from '../notifications/service.js';
import { announce, createEventBus } from '../platform/bus/index.js';
import type { Database } from '../platform/db/database.js';

export interface SyncAlerts {
  /** For runCatalogueSync: the alerts service's own matching, as the server's scheduled sync passes it. */
  alertNewIssues: AlertNewIssues;
  close(): Promise<void>;
}

/**
 * The alerts for new issues a sync outside the server tells (`npm run catalog:sync`): the same alerts and
 * notifications services the server builds (app.ts), on an event bus of the database's own. On a PostgreSQL
 * server the bell's push is a NOTIFY inside the batch's transaction, so every server on that database hears it
 * at commit and pushes the new count to the recipients' open pages. On PGlite the command holds the data
 * folder's lock, so no server runs beside it: the notifications wait in the table for the next page load.
 */
export async function openSyncAlerts(
  database: Database,
  log: FastifyBaseLogger = pino({ level: 'warn' }, pino.destination(2)),
): Promise<SyncAlerts> {
  const bus = await createEventBus(database, log);
  const notifications = createNotificationsService({
    repository: createNotificationsRepository(database.db),
    bus,
    announce: (event) => announce(bus, event, log),
  });
  const alerts = createAlertsService({
    repository: createAlertsRepository(database.db),
    notify: notifications.record,
  });
  return { alertNewIssues: alerts.alertNewIssues, close: () => bus.close() };
}
