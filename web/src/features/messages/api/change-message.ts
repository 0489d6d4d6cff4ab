import type { DeleteMessageRequest, EditMessageRequest } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { changeMessageInHistory } from './get-message-history';

export function editMessage(body: EditMessageRequest) {
  return callApi('editMessage', { body });
}

export function deleteMessage(body: DeleteMessageRequest) {
  return callApi('deleteMessage', { body });
}

/** Edits one of the user's messages; the board shows the answer at once (other readers get it live). */
export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    onSuccess: ({ data }) => changeMessageInHistory(queryClient, data.groupProjectId, data),
  });
}

/** Deletes a message (the user's own, or any for the group's owner and moderators). */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: ({ data }) => changeMessageInHistory(queryClient, data.groupProjectId, data),
  });
}
