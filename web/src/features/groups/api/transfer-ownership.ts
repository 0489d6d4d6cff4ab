import type { GroupProject } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { applyMembership } from './membership-cache';

export function transferOwnership(groupProjectId: number, memberUsername: string) {
  return callApi('transferOwnership', { body: { groupProjectId, memberUsername } });
}

/** The owner hands the group to a member: their own standing (now a member) comes back in the answer. */
export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ group, memberUsername }: { group: GroupProject; memberUsername: string }) =>
      transferOwnership(group.groupProjectId, memberUsername),
    onSuccess: (answer, { group }) => applyMembership(queryClient, group, answer),
  });
}
