import { RealtimeConnection } from './realtime-connection';
import { REALTIME_PATH } from '@openlfg/contracts';

let connection: RealtimeConnection | null = null;

/** The address of the realtime endpoint on the site's own origin (wss: when the page is https:). */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

/**
 * The tab's one realtime connection, created on first use. Nothing connects until a board follows a room, a
 * signed-in user's bell follows the notification count, or the finder's rows (the finder, a project's issues)
 * follow the issues, so an anonymous visitor on other pages opens no socket. The session cookie goes with the
 * upgrade request.
 */
export function getRealtimeConnection(): RealtimeConnection {
  connection ??= new RealtimeConnection({
    url: realtimeUrl(window.location),
    createSocket: (url) => new WebSocket(url),
  });
  return connection;
}

/** Closes the tab's connection and forgets it (tests start each case from nothing). */
export function disposeRealtimeConnection(): void {
  connection?.dispose();
  connection = null;
}
