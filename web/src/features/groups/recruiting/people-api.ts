import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from '../api/query-keys';
import { getGroupInvitesQueryOptions } from '../invites/invites-api';

export function getPeopleForGroupQueryOptions(groupProjectId: number) {
  return queryOptions({
    queryKey: [...getGroupsQueryKey(), 'people', groupProjectId] as const,
    queryFn: ({ signal }) => callApi('peopleForGroup', { query: { groupProjectId } }, { signal }),
  });
}

/** For the group's owner: people looking for a group, best match first, each with why. */
export function usePeopleForGroup(groupProjectId: number) {
  return useQuery(getPeopleForGroupQueryOptions(groupProjectId));
}

/** Invites one of them: they get a notification with a one-use invite link, which joins the owner's links. */
export function useInvitePerson(groupProjectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (login: string) => callApi('invitePerson', { body: { groupProjectId, login } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getPeopleForGroupQueryOptions(groupProjectId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getGroupInvitesQueryOptions(groupProjectId).queryKey }),
      ]),
  });
}
