import type { GroupSummary } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { applyMembership } from './membership-cache';

export function leaveGroup(groupProjectId: number) {
  return callApi('leaveGroup', { body: { groupProjectId } });
}

export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: GroupSummary) => leaveGroup(group.groupProjectId),
    onSuccess: (answer, group) => applyMembership(queryClient, group, answer),
  });
}
