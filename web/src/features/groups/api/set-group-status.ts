import type { SetGroupStatusBody } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from './query-keys';

export function setGroupStatus(body: SetGroupStatusBody) {
  return callApi('setGroupStatus', { body });
}

/**
 * The owner opens, closes or archives the group. What everyone may do changes with it (joins, posts), and it
 * leaves or joins the default list: every cached answer about groups refreshes.
 */
export function useSetGroupStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGroupStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() }),
  });
}
