import type { UserInfoResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';

export function getUserInfo(): Promise<UserInfoResponse> {
  return apiFetch<UserInfoResponse>('/account/user-info');
}

export function getUserInfoQueryOptions() {
  return queryOptions({ queryKey: ['account', 'user-info'], queryFn: getUserInfo });
}

/** The signed-in user; fetched only when signed in (spec: user info is fetched only when logged in). */
export function useUserInfo(enabled: boolean) {
  return useQuery({ ...getUserInfoQueryOptions(), enabled });
}
