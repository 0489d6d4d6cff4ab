import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getDiscussionInfoQueryOptions } from './get-discussion-info';
import { getGroupsQueryKey } from './query-keys';

export function deleteGroup(groupProjectId: number) {
  return callApi('deleteGroup', { body: { groupProjectId } });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_answer, groupProjectId) => {
      // The group's page is leaving: its answer goes, and the lists refresh in the background.
      queryClient.removeQueries({ queryKey: getDiscussionInfoQueryOptions(groupProjectId).queryKey });
      void queryClient.invalidateQueries({
        queryKey: getGroupsQueryKey(),
        predicate: (query) => query.queryKey[1] !== 'discussion',
      });
    },
  });
}
