import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

export function checkAuth() {
  return callApi('checkAuth');
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
