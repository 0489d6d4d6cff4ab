import type { CheckAuthResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';

export function checkAuth(): Promise<CheckAuthResponse> {
  return apiFetch<CheckAuthResponse>('/account/check-auth');
}

export function getCheckAuthQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'check-auth'],
    queryFn: checkAuth,
  });
}

export function useCheckAuth() {
  return useQuery(getCheckAuthQueryOptions());
}
