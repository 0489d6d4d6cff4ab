import type { RoomClosedReason } from '@openlfg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useAddMessage } from './api/add-message';
import {
  addMessagesToHistory,
  changeMessageInHistory,
  historyMessages,
  useMessageHistory,
} from './api/get-message-history';
import { useMarkRead } from './api/latest-message';
import { newClientMessageId } from '../../lib/client-id';
import { useRoom } from '../../realtime/use-realtime';
import { buildTimeline, type PendingMessage } from './timeline';
import { isProjectRoom, type BoardRef } from './board';

export interface DiscussionBoardOptions {
  /** A group's board or a project's room. */
  board: BoardRef;
  room: string;
  /**
   * Members and the owner record what they have read (for their unread counts); readers of a public board, and
   * of a project's room, don't.
   */
  recordsReads: boolean;
}

/**
 * Everything a board shows and does: its history (page by page), the live room (followed from the newest
 * message loaded, so nothing falls between), the user's pending and failed messages, and the read marker.
 */
export function useDiscussionBoard({ board, room, recordsReads }: DiscussionBoardOptions) {
  const queryClient = useQueryClient();
  const history = useMessageHistory(board);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [closedReason, setClosedReason] = useState<RoomClosedReason | null>(null);
  const stored = useMemo(() => historyMessages(history.data), [history.data]);
  const newestId = stored.at(-1)?.id ?? 0;

  useRoom(room, history.isSuccess && closedReason === null ? newestId : null, {
    onMessage: (message) => addMessagesToHistory(queryClient, board, [message]),
    onChanged: (message) => changeMessageInHistory(queryClient, board, message),
    onClosed: setClosedReason,
  });

  const postMessage = useAddMessage();
  const deliver = useCallback(
    async ({ clientId, text }: PendingMessage) => {
      const settle = (change: (item: PendingMessage) => PendingMessage | null) =>
        setPending((list) =>
          list.flatMap((item) => {
            if (item.clientId !== clientId) return [item];
            const next = change(item);
            return next ? [next] : [];
          }),
        );
      try {
        await postMessage({ ...board, clientId, text });
        settle(() => null);
      } catch {
        settle((item) => ({ ...item, status: 'failed' }));
      }
    },
    [board, postMessage],
  );

  const send = useCallback(
    (text: string) => {
      const item: PendingMessage = {
        clientId: newClientMessageId(),
        text,
        createdAt: new Date().toISOString(),
        status: 'sending',
      };
      setPending((list) => [...list, item]);
      void deliver(item);
    },
    [deliver],
  );

  /** Sends a failed message again with the same clientId: if the first try was stored after all, it stays one. */
  const retry = useCallback(
    (clientId: string) => {
      const item = pending.find((candidate) => candidate.clientId === clientId);
      if (!item || item.status !== 'failed') return;
      setPending((list) => list.map((other) => (other === item ? { ...item, status: 'sending' } : other)));
      void deliver(item);
    },
    [pending, deliver],
  );

  const markRead = useMarkRead();
  const lastRecorded = useRef(0);
  /** The board shows its newest message: record it once per new message (not while the tab is in the background). */
  const sawNewest = useCallback(() => {
    if (!recordsReads || isProjectRoom(board) || newestId <= lastRecorded.current) return;
    if (document.visibilityState === 'hidden') return;
    lastRecorded.current = newestId;
    markRead({ groupProjectId: board.groupProjectId, messageId: newestId });
  }, [recordsReads, newestId, board, markRead]);

  const timeline = useMemo(() => buildTimeline(stored, pending), [stored, pending]);
  return { history, timeline, closedReason, send, retry, sawNewest };
}
