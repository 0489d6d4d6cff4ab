import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

export function getUserInfo() {
  return callApi('userInfo');
}

export function getUserInfoQueryOptions() {
  return queryOptions({ queryKey: ['account', 'user-info'], queryFn: getUserInfo });
}

/** The signed-in user; fetched only when signed in (spec: user info is fetched only when logged in). */
export function useUserInfo(enabled: boolean) {
  return useQuery({ ...getUserInfoQueryOptions(), enabled });
}
