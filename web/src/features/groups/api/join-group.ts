import type { GroupSummary } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { applyMembership } from './membership-cache';

export function joinGroup(groupProjectId: number) {
  return callApi('joinGroup', { body: { groupProjectId } });
}

/** Joins a public group. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: GroupSummary) => joinGroup(group.groupProjectId),
    onSuccess: (answer, group) => applyMembership(queryClient, group, answer),
  });
}
