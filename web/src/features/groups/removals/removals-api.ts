import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from '../api/query-keys';

export function getRemovedMembersQueryOptions(groupProjectId: number) {
  return queryOptions({
    queryKey: [...getGroupsQueryKey(), 'removed', groupProjectId] as const,
    queryFn: () => callApi('removedMembers', { query: { groupProjectId } }),
  });
}

/** The people removed from a group its owner is looking at, each barred from coming back. */
export function useRemovedMembers(groupProjectId: number) {
  return useQuery(getRemovedMembersQueryOptions(groupProjectId));
}

/** Lifts a removal: gone from the removed list at once; the list refreshes after. */
export function useAllowBack(groupProjectId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = getRemovedMembersQueryOptions(groupProjectId);
  return useMutation({
    mutationFn: (memberUsername: string) =>
      callApi('allowBack', { body: { groupProjectId, memberUsername } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, (old) =>
        old ? { data: old.data.filter((removed) => removed.login !== answer.login) } : old,
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
