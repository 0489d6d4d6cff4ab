import type { GroupProject, PostGroupBody } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getGroupsQueryKey } from './query-keys';

export function postGroup(body: PostGroupBody): Promise<GroupProject> {
  return apiFetch<GroupProject>('/group-projects/post-project', { method: 'POST', body });
}

export function usePostGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() }),
  });
}
