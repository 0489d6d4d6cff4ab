import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../session-context';

/** The signed-in user's own profile (every field): the profile form, and the viewer's timezone for overlaps. */
export function getOwnProfileQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'profile'] as const,
    queryFn: ({ signal }) => callApi('ownProfile', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useOwnProfile(enabled: boolean) {
  return useQuery({ ...getOwnProfileQueryOptions(), enabled });
}

/** The viewer's UTC offset (minutes) from their profile; null signed out or without a timezone. */
export function useViewerOffset(): number | null {
  const { isLoggedIn } = useSession();
  const profile = useOwnProfile(isLoggedIn);
  return isLoggedIn ? (profile.data?.utcOffsetMinutes ?? null) : null;
}
