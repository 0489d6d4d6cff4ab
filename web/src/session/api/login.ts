import type { LoginBody } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { getCheckAuthQueryOptions } from './check-auth';

/** Exchanges the `code` and `state` GitHub sent back for a session cookie. */
export function login(body: LoginBody) {
  return callApi('login', { body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCheckAuthQueryOptions().queryKey }),
  });
}
