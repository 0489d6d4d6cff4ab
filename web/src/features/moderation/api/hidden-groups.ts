import type { HiddenGroupsResponse } from '@openlfg/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getModerationQueryKey } from './query-keys';
import { refreshAfterModeration } from './refresh';

/** Every cached page of the hidden groups. */
export function getHiddenGroupsQueryKey() {
  return [...getModerationQueryKey(), 'hidden'] as const;
}

export function getHiddenGroupsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...getHiddenGroupsQueryKey(), page] as const,
    queryFn: ({ signal }) => callApi('hiddenGroups', { query: { page } }, { signal }),
  });
}

/** One group if a moderator hid it; a 404 when it is not hidden (or not there). */
export function getHiddenGroupQueryOptions(groupId: number) {
  return queryOptions({
    // Beside the pages of the list, not under their key: the list's updates reshape pages, not this answer.
    queryKey: [...getModerationQueryKey(), 'hidden-group', groupId] as const,
    queryFn: ({ signal }) => callApi('hiddenGroup', { params: { groupId } }, { signal }),
    retry: false,
  });
}

/** One page of the groups moderators hid, the most recently hidden first. */
export function useHiddenGroups(page: number) {
  return useQuery({ ...getHiddenGroupsQueryOptions(page), placeholderData: keepPreviousData });
}

export function restoreHiddenGroup({ groupId, reason }: { groupId: number; reason: string }) {
  return callApi('restoreHiddenGroup', { params: { groupId }, body: { reason: reason.trim() } });
}

/** Shows a hidden group again: it leaves this list and comes back to the public ones. */
export function useRestoreHiddenGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreHiddenGroup,
    onSuccess: (_outcome, { groupId }) => {
      queryClient.setQueriesData<HiddenGroupsResponse>({ queryKey: getHiddenGroupsQueryKey() }, (old) =>
        old ? { ...old, data: old.data.filter((group) => group.groupId !== groupId) } : old,
      );
      void refreshAfterModeration(queryClient, {
        changed: [getHiddenGroupsQueryKey()],
        publicListsChanged: true,
      });
    },
  });
}
