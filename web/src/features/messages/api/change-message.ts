import type {
  DeleteMessageRequest,
  DeleteRoomMessageRequest,
  EditMessageRequest,
  EditRoomMessageRequest,
} from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { boardOfMessage } from '../board';
import { changeMessageInHistory } from './get-message-history';

/** Edits a message on a group's board (`groupProjectId`) or in a project's room (`projectId`). */
export function editMessage(body: EditMessageRequest | EditRoomMessageRequest) {
  return 'projectId' in body ? callApi('editRoomMessage', { body }) : callApi('editMessage', { body });
}

export function deleteMessage(body: DeleteMessageRequest | DeleteRoomMessageRequest) {
  return 'projectId' in body ? callApi('deleteRoomMessage', { body }) : callApi('deleteMessage', { body });
}

/** Edits one of the user's messages; the board shows the answer at once (other readers get it live). */
export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    onSuccess: ({ data }) => changeMessageInHistory(queryClient, boardOfMessage(data), data),
  });
}

/** Deletes a message (the user's own, or any for the group's owner and moderators). */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: ({ data }) => changeMessageInHistory(queryClient, boardOfMessage(data), data),
  });
}
