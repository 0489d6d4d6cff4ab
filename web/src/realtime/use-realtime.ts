import type { Message, RoomClosedReason } from '@openlfg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getCheckAuthQueryOptions } from '../session/api/check-auth';
import { useSession } from '../session/session-context';
import { getRealtimeConnection } from './connection';
import type { ConnectionStatus } from './realtime-connection';

const followStatus = (listener: () => void) => getRealtimeConnection().onStatusChange(listener);
const statusNow = () => getRealtimeConnection().getStatus();
/**
 * A page the server renders has no socket (nor `window`): it shows a board as one not yet connected, and so
 * does the browser's first render of that page, which then reads the socket's own status.
 */
const notConnectedYet = (): ConnectionStatus => 'idle';

export function useRealtimeStatus(): ConnectionStatus {
  return useSyncExternalStore(followStatus, statusNow, notConnectedYet);
}

export interface RoomHandlers {
  onMessage: (message: Message) => void;
  onChanged: (message: Message) => void;
  onClosed: (reason: RoomClosedReason) => void;
}

/**
 * Follows `room` while mounted, from `afterId` on (null: not yet, e.g. while the history loads, so that the
 * replay starts right after the newest message the board already has and nothing falls in between).
 */
export function useRoom(room: string, afterId: number | null, handlers: RoomHandlers): void {
  const latest = useRef({ handlers, afterId });
  useEffect(() => {
    latest.current = { handlers, afterId };
  });
  // afterId only matters when following starts: later ids arrive through the room itself.
  const following = afterId !== null;

  useEffect(() => {
    if (!following) return;
    return getRealtimeConnection().subscribe(room, latest.current.afterId ?? 0, {
      onMessage: (message) => latest.current.handlers.onMessage(message),
      onChanged: (message) => latest.current.handlers.onChanged(message),
      onClosed: (reason) => latest.current.handlers.onClosed(reason),
    });
  }, [room, following]);
}

/**
 * Keeps the socket speaking for the current session. When the server ends the socket because the session ended
 * (4401), the app asks check-auth: the session-expiry handling then signs the user out (with its one toast) if
 * the session is really gone; either way the socket reconnects as whoever the cookie now names, anonymous for a
 * public board. Signing in or out in this tab restarts the socket for the same reason.
 */
export function useRealtimeSession(): void {
  const queryClient = useQueryClient();
  const { isLoggedIn, isLoginLoading } = useSession();

  useEffect(() => {
    const connection = getRealtimeConnection();
    return connection.onSessionEnded(() => {
      void queryClient
        .fetchQuery({ ...getCheckAuthQueryOptions(), staleTime: 0 })
        .catch(() => undefined)
        .finally(() => connection.resume());
    });
  }, [queryClient]);

  const signedIn = isLoginLoading ? null : isLoggedIn;
  const previous = useRef(signedIn);
  useEffect(() => {
    if (previous.current !== null && signedIn !== null && previous.current !== signedIn) {
      getRealtimeConnection().restart();
    }
    previous.current = signedIn;
  }, [signedIn]);
}
