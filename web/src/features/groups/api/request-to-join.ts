import type { GroupProject, MembershipResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { applyMembership } from './membership-cache';

export function requestToJoin(groupProjectId: number): Promise<MembershipResponse> {
  return apiFetch<MembershipResponse>('/group-projects/request', {
    method: 'POST',
    body: { groupProjectId },
  });
}

export function cancelRequest(groupProjectId: number): Promise<MembershipResponse> {
  return apiFetch<MembershipResponse>('/group-projects/request', {
    method: 'DELETE',
    body: { groupProjectId },
  });
}

export interface RequestVariables {
  group: GroupProject;
  /** True to ask to join, false to take the request back. */
  request: boolean;
}

/** Asks to join a private group, or cancels the request. */
export function useRequestToJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ group, request }: RequestVariables) =>
      request ? requestToJoin(group.groupProjectId) : cancelRequest(group.groupProjectId),
    onSuccess: (answer, { group }) => applyMembership(queryClient, group, answer),
  });
}
