import type {
  DiscussionInfoResponse,
  GroupCardResponse,
  GroupListResponse,
  GroupSummary,
  GroupViewersResponse,
  MembershipResponse,
  MyGroupsResponse,
  MyJoinRequestsResponse,
} from '@openlfg/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { getDiscussionInfoQueryOptions } from './get-discussion-info';
import { getGroupQueryOptions } from './get-group';
import { getGroupListsQueryKey } from './get-group-projects';
import { getGroupViewersQueryKey } from './get-group-viewers';
import { getMyGroupsQueryOptions } from './get-my-groups';
import { getMyRequestsQueryOptions } from './get-my-requests';
import { getGroupsQueryKey } from './query-keys';

/**
 * Puts where the user now stands (the server's answer to a membership change, with their new viewer block) into
 * every cached answer at once, so the buttons change without waiting for the refetch, then refreshes everything
 * about groups in the background.
 */
export function applyMembership(
  queryClient: QueryClient,
  group: GroupSummary,
  answer: MembershipResponse,
): void {
  const { groupProjectId, memberCount, viewer } = answer;
  const { role } = viewer;
  queryClient.setQueryData<MyGroupsResponse>(getMyGroupsQueryOptions().queryKey, (old) => {
    if (!old) return old;
    const others = old.data.filter((item) => item.groupProjectId !== groupProjectId);
    return role === 'member' || role === 'owner'
      ? { data: [{ ...group, memberCount, role }, ...others] }
      : { data: others };
  });
  queryClient.setQueryData<MyJoinRequestsResponse>(getMyRequestsQueryOptions().queryKey, (old) => {
    if (!old) return old;
    const others = old.data.filter((item) => item.groupProjectId !== groupProjectId);
    return role === 'requester'
      ? {
          data: [
            {
              groupProjectId,
              title: group.title,
              requestedAt: new Date().toISOString(),
              status: 'pending' as const,
              decidedAt: null,
              note: null,
            },
            ...others,
          ],
        }
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
  queryClient.setQueriesData<GroupViewersResponse>({ queryKey: getGroupViewersQueryKey() }, (old) =>
    old
      ? {
          data: old.data.map((entry) =>
            entry.groupProjectId === groupProjectId ? { ...entry, viewer } : entry,
          ),
        }
      : old,
  );
  queryClient.setQueryData<DiscussionInfoResponse>(
    getDiscussionInfoQueryOptions(groupProjectId).queryKey,
    (old) => (old ? { data: { ...old.data, viewer, group: { ...old.data.group, memberCount } } } : old),
  );
  queryClient.setQueryData<GroupCardResponse>(getGroupQueryOptions(groupProjectId).queryKey, (old) =>
    old ? { ...old, memberCount, viewer } : old,
  );
  // In the background: the answer already says where the user stands, so the action is done (its toast, the
  // focus on the button that replaced the one pressed) without waiting for every group query to come back.
  void queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() });
}
