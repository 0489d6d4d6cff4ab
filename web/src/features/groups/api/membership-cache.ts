import type {
  DiscussionInfoResponse,
  GroupListResponse,
  GroupProject,
  MembershipResponse,
  MyGroupsResponse,
  MyJoinRequestsResponse,
} from '@openlfg/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { getDiscussionInfoQueryOptions } from './get-discussion-info';
import { getGroupListsQueryKey } from './get-group-projects';
import { getMyGroupsQueryOptions } from './get-my-groups';
import { getMyRequestsQueryOptions } from './get-my-requests';
import { getGroupsQueryKey } from './query-keys';

/**
 * Puts where the user now stands (the server's answer to a membership change) into every cached list at once,
 * so the buttons change without waiting for the refetch, then refreshes everything about groups.
 */
export function applyMembership(queryClient: QueryClient, group: GroupProject, answer: MembershipResponse) {
  const { groupProjectId, viewerRole, memberCount } = answer;
  queryClient.setQueryData<MyGroupsResponse>(getMyGroupsQueryOptions().queryKey, (old) => {
    if (!old) return old;
    const others = old.data.filter((item) => item.groupProjectId !== groupProjectId);
    return viewerRole === 'member' || viewerRole === 'owner'
      ? { data: [{ ...group, memberCount, role: viewerRole }, ...others] }
      : { data: others };
  });
  queryClient.setQueryData<MyJoinRequestsResponse>(getMyRequestsQueryOptions().queryKey, (old) => {
    if (!old) return old;
    const others = old.data.filter((item) => item.groupProjectId !== groupProjectId);
    return viewerRole === 'requester'
      ? { data: [{ groupProjectId, title: group.title, requestedAt: new Date().toISOString() }, ...others] }
      : { data: others };
  });
  queryClient.setQueriesData<GroupListResponse>({ queryKey: getGroupListsQueryKey() }, (old) =>
    old
      ? {
          ...old,
          data: old.data.map((item) =>
            item.groupProjectId === groupProjectId ? { ...item, memberCount } : item,
          ),
        }
      : old,
  );
  queryClient.setQueryData<DiscussionInfoResponse>(
    getDiscussionInfoQueryOptions(groupProjectId).queryKey,
    (old) => (old ? { data: { ...old.data, viewerRole, group: { ...old.data.group, memberCount } } } : old),
  );
  return queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() });
}
