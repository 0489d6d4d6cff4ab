import type { GroupProject, MembershipResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { applyMembership } from './membership-cache';

export function joinGroup(groupProjectId: number): Promise<MembershipResponse> {
  return apiFetch<MembershipResponse>('/group-projects/join', { method: 'POST', body: { groupProjectId } });
}

/** Joins a public group. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: GroupProject) => joinGroup(group.groupProjectId),
    onSuccess: (answer, group) => applyMembership(queryClient, group, answer),
  });
}
