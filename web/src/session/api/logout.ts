import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';

export function logout(): Promise<void> {
  return apiFetch<undefined>('/account/logout', { method: 'DELETE' });
}

/** Ends the session on the server, then forgets every cached answer: they may hold the user's data. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
    },
  });
}
