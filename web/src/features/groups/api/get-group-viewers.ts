import { GROUP_VIEWERS_MAX, type GroupViewer, type GroupViewersResponse } from '@openlfg/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useSession } from '../../../session/session-context';
import { getGroupsQueryKey } from './query-keys';

/** The caller's standing in each group, asked in as many calls as the server's limit per call needs. */
export async function getGroupViewers(
  groupProjectIds: readonly number[],
  signal?: AbortSignal,
): Promise<GroupViewersResponse> {
  const batches: number[][] = [];
  for (let start = 0; start < groupProjectIds.length; start += GROUP_VIEWERS_MAX) {
    batches.push(groupProjectIds.slice(start, start + GROUP_VIEWERS_MAX));
  }
  const answers = await Promise.all(
    batches.map((batch) => callApi('groupViewers', { body: { groupProjectIds: batch } }, { signal })),
  );
  return { data: answers.flatMap((answer) => answer.data) };
}

/** Every cached set of viewer blocks, whatever its groups. */
export function getGroupViewersQueryKey() {
  return [...getGroupsQueryKey(), 'viewers'] as const;
}

export function getGroupViewersQueryOptions(groupProjectIds: readonly number[]) {
  const ids = [...new Set(groupProjectIds)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: [...getGroupViewersQueryKey(), ids] as const,
    queryFn: ({ signal }) => getGroupViewers(ids, signal),
  });
}

/**
 * The viewer block of each listed group, once the session is known (the answer depends on who asks). Lists are
 * the same for everyone, so their cards ask for these apart. Undefined for a group not known (yet).
 */
export function useGroupViewers(
  groupProjectIds: readonly number[],
): (groupProjectId: number) => GroupViewer | undefined {
  const { isLoginLoading } = useSession();
  const query = useQuery({
    ...getGroupViewersQueryOptions(groupProjectIds),
    enabled: !isLoginLoading && groupProjectIds.length > 0,
    placeholderData: keepPreviousData,
  });
  const data = query.data?.data;
  return (groupProjectId) => data?.find((entry) => entry.groupProjectId === groupProjectId)?.viewer;
}
