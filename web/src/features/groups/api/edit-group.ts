import type { EditGroupBody } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from './query-keys';

export function editGroup(body: EditGroupBody) {
  return callApi('editGroup', { body });
}

/** The owner's edit; every cached answer about groups (lists, the card, the page) refreshes, as after a post. */
export function useEditGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() }),
  });
}
