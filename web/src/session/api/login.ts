import type { LoginBody, LoginResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { getCheckAuthQueryOptions } from './check-auth';

/** Exchanges the `code` and `state` GitHub sent back for a session cookie. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/account/login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCheckAuthQueryOptions().queryKey }),
  });
}
