import type { ProfileBody } from '@openlfg/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getOwnProfileQueryOptions } from '../../../session/api/own-profile';

export function getUserProfileQueryOptions(login: string) {
  return queryOptions({
    queryKey: ['users', login.toLowerCase(), 'profile'] as const,
    queryFn: ({ signal }) => callApi('userProfile', { params: { login } }, { signal }),
  });
}

/** Anyone's profile as the viewer may see it. */
export function useUserProfile(login: string) {
  return useQuery(getUserProfileQueryOptions(login));
}

/** Saves one's own profile; the answer is the profile as saved. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => callApi('saveOwnProfile', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(getOwnProfileQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: getUserProfileQueryOptions(saved.login).queryKey });
    },
  });
}
