/** A user's alerts for new issues: the finder saves one, the notification settings list and remove them. */
import type { IssueAlertFilters } from '@openlfg/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../lib/api';

export function getIssueAlertsQueryOptions() {
  return queryOptions({
    queryKey: ['issue-alerts'] as const,
    queryFn: ({ signal }) => callApi('issueAlerts', {}, { signal }),
  });
}

/** The user's alerts for new issues (signed in only). */
export function useIssueAlerts(enabled: boolean) {
  return useQuery({ ...getIssueAlertsQueryOptions(), enabled });
}

/** Saves the finder's filters as an alert; the list refreshes. */
export function useCreateIssueAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: IssueAlertFilters) => callApi('createIssueAlert', { body: { filters } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getIssueAlertsQueryOptions().queryKey }),
  });
}

export function useDeleteIssueAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: number) => callApi('deleteIssueAlert', { params: { alertId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getIssueAlertsQueryOptions().queryKey }),
  });
}
