import type { PostGroupBody } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from './query-keys';

export function postGroup(body: PostGroupBody) {
  return callApi('postGroup', { body });
}

export function usePostGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() }),
  });
}
