import type { DiscussionInfoResponse, GroupProject, RemoveMemberBody } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getDiscussionInfoQueryOptions } from './get-discussion-info';
import { applyMembership } from './membership-cache';
import { getRemovedMembersQueryOptions } from '../removals/removals-api';

export function removeMember(body: RemoveMemberBody) {
  return callApi('removeMember', { body });
}

/**
 * The owner removes a member: gone from the page's member list at once, the counts follow from the answer, and
 * the removed list asks again (they are on it now).
 */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { group: GroupProject; body: RemoveMemberBody }) => removeMember(body),
    onSuccess: (answer, { group, body }) => {
      queryClient.setQueryData<DiscussionInfoResponse>(
        getDiscussionInfoQueryOptions(group.groupProjectId).queryKey,
        (old) =>
          old
            ? {
                data: {
                  ...old.data,
                  members: old.data.members.filter((member) => member.login !== body.memberUsername),
                },
              }
            : old,
      );
      applyMembership(queryClient, group, answer);
      void queryClient.invalidateQueries({
        queryKey: getRemovedMembersQueryOptions(group.groupProjectId).queryKey,
      });
    },
  });
}
