import type { AddMessageRequest, AddRoomMessageRequest } from '@openlfg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../../lib/api';
import { boardOf } from '../board';
import { addMessagesToHistory } from './get-message-history';

/** Posts on a group's board (`groupProjectId`) or in a project's room (`projectId`). */
export function addMessage(body: AddMessageRequest | AddRoomMessageRequest) {
  return 'projectId' in body ? callApi('addRoomMessage', { body }) : callApi('addMessage', { body });
}

/**
 * Sends a message and puts the stored one into the board's history as soon as the server answers (it may come
 * over the socket first; the history keeps it once). The caller keeps the message pending until then and marks
 * it failed when this throws: the spec swallows save errors, so there is no toast, but the message stays.
 */
export function useAddMessage() {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: AddMessageRequest | AddRoomMessageRequest) => {
      const { data } = await addMessage(body);
      addMessagesToHistory(queryClient, boardOf(body), [data]);
      return data;
    },
    [queryClient],
  );
}
