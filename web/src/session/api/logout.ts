import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

export function logout() {
  return callApi('logout');
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
