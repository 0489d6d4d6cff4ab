import type { AdminReportsResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { isApiError } from '../../../lib/api-client';
import { getReportedGroupsQueryKey } from './get-reported-groups';
import { refreshAfterModeration } from './refresh';
import { withReason } from './reason';

export type ReportAction = 'dismiss' | 'hide' | 'delete';

export interface ActOnReportedGroupVariables {
  groupId: number;
  action: ReportAction;
  /** Required to hide, optional otherwise. */
  reason?: string;
}

export function actOnReportedGroup({ groupId, action, reason }: ActOnReportedGroupVariables) {
  const params = { groupId };
  // Hiding needs a reason (the server says so when it is missing); dismissing and deleting take one if given.
  if (action === 'hide')
    return callApi('hideReportedGroup', { params, body: { reason: reason?.trim() ?? '' } });
  return callApi(action === 'dismiss' ? 'dismissReports' : 'deleteReportedGroup', {
    params,
    body: withReason(reason),
  });
}

/**
 * Dismisses the reports on a group, hides it, or deletes it; every open report on it is closed with that
 * outcome, so the group leaves the list. Hiding and deleting change the public group lists too.
 */
export function useActOnReportedGroup() {
  const queryClient = useQueryClient();
  const leaveList = (groupId: number) =>
    queryClient.setQueriesData<AdminReportsResponse>({ queryKey: getReportedGroupsQueryKey() }, (old) =>
      old ? { ...old, data: old.data.filter((group) => group.groupId !== groupId) } : old,
    );
  return useMutation({
    mutationFn: actOnReportedGroup,
    onSuccess: (_outcome, { groupId, action }) => {
      leaveList(groupId);
      void refreshAfterModeration(queryClient, {
        changed: [getReportedGroupsQueryKey()],
        publicListsChanged: action !== 'dismiss',
      });
    },
    onError: (error) => {
      // Someone else acted first (409) or the group is gone (404): show the list as it is now.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: getReportedGroupsQueryKey() });
      }
    },
  });
}
