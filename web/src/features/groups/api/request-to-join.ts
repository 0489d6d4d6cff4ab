import type { GroupSummary } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { applyMembership } from './membership-cache';

export function requestToJoin(groupProjectId: number, message?: string) {
  return callApi('requestToJoin', { body: { groupProjectId, ...(message ? { message } : {}) } });
}

export function cancelRequest(groupProjectId: number) {
  return callApi('cancelJoinRequest', { body: { groupProjectId } });
}

export interface RequestVariables {
  group: GroupSummary;
  /** True to ask to join, false to take the request back. */
  request: boolean;
  /** The answer to the owner's question, sent with the request. */
  message?: string;
}

/** Asks to join a private group, or cancels the request. */
export function useRequestToJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ group, request, message }: RequestVariables) =>
      request ? requestToJoin(group.groupProjectId, message) : cancelRequest(group.groupProjectId),
    onSuccess: (answer, { group }) => applyMembership(queryClient, group, answer),
  });
}
