import type { AdminUserReportsResponse } from '@openlfg/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { isApiError } from '../../../lib/api-client';
import { getModerationQueryKey } from './query-keys';
import { withReason } from './reason';
import { refreshAfterModeration } from './refresh';

/** Every cached page of the open reports on people. */
export function getReportedPeopleQueryKey() {
  return [...getModerationQueryKey(), 'user-reports'] as const;
}

export function getReportedPeopleQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...getReportedPeopleQueryKey(), page] as const,
    queryFn: ({ signal }) => callApi('userReports', { query: { page } }, { signal }),
  });
}

/** One page of the people with open reports, the most recently reported first. */
export function useReportedPeople(page: number) {
  return useQuery({ ...getReportedPeopleQueryOptions(page), placeholderData: keepPreviousData });
}

export type PersonAction = 'dismiss' | 'suspend' | 'lift';

export function actOnPerson({
  login,
  action,
  reason,
}: {
  login: string;
  action: PersonAction;
  reason?: string;
}) {
  const params = { login };
  if (action === 'dismiss') return callApi('dismissUserReports', { params, body: withReason(reason) });
  const body = { reason: reason?.trim() ?? '' };
  return callApi(action === 'suspend' ? 'suspendUser' : 'liftSuspension', { params, body });
}

/**
 * Dismisses the reports on a person, suspends their account (which closes the reports), or lifts a suspension;
 * the person leaves the list of reports either way.
 */
export function useActOnPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnPerson,
    onSuccess: (_outcome, { login }) => {
      queryClient.setQueriesData<AdminUserReportsResponse>(
        { queryKey: getReportedPeopleQueryKey() },
        (old) => (old ? { ...old, data: old.data.filter((person) => person.login !== login) } : old),
      );
      void refreshAfterModeration(queryClient, { changed: [getReportedPeopleQueryKey()] });
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: getReportedPeopleQueryKey() });
      }
    },
  });
}
