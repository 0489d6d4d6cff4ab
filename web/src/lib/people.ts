import type { BlocksResponse } from '@openlfg/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api';

/**
 * The signed-in user's blocked people, shared by every place that shows people (a board folds their messages,
 * a name's menu offers Block or Unblock, the settings page lists them): one query, one key.
 */
export function blockedUsersQueryOptions() {
  return queryOptions({
    queryKey: ['blocked-users'] as const,
    queryFn: ({ signal }) => callApi('blockedUsers', {}, { signal }),
  });
}

export function useBlockedUsers(enabled: boolean) {
  return useQuery({ ...blockedUsersQueryOptions(), enabled });
}

/** The logins the signed-in user blocked, lower-cased (GitHub logins are case-insensitive); empty signed out. */
export function useBlockedLogins(enabled: boolean): ReadonlySet<string> {
  const { data } = useBlockedUsers(enabled);
  const logins = data?.data.map((user) => user.login.toLowerCase()) ?? [];
  return new Set(logins);
}

/** Blocks or unblocks a login; the answer is the new list. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ login, blocked }: { login: string; blocked: boolean }) =>
      callApi(blocked ? 'blockUser' : 'unblockUser', { body: { login } }),
    onSuccess: (list: BlocksResponse) => queryClient.setQueryData(blockedUsersQueryOptions().queryKey, list),
  });
}

export function reportUser(login: string, reason: string) {
  return callApi('reportUser', { body: { login, reason } });
}
