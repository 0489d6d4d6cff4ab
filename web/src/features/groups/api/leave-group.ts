import type { GroupProject, MembershipResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { applyMembership } from './membership-cache';

export function leaveGroup(groupProjectId: number): Promise<MembershipResponse> {
  return apiFetch<MembershipResponse>('/group-projects/leave', {
    method: 'DELETE',
    body: { groupProjectId },
  });
}

export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: GroupProject) => leaveGroup(group.groupProjectId),
    onSuccess: (answer, group) => applyMembership(queryClient, group, answer),
  });
}
