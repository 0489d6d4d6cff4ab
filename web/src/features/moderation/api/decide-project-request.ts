import type { AdminRequestsResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { isApiError } from '../../../lib/api-client';
import { getProjectRequestsQueryKey } from './get-project-requests';
import { refreshAfterModeration } from './refresh';
import { withReason } from './reason';

export interface DecideProjectRequestVariables {
  requestId: number;
  decision: 'approve' | 'reject';
  /** Required to reject, optional to approve. */
  reason?: string;
}

export function decideProjectRequest({ requestId, decision, reason }: DecideProjectRequestVariables) {
  const params = { id: requestId };
  // Rejecting needs a reason (the server says so when it is missing); approving takes one if given.
  return decision === 'reject'
    ? callApi('rejectProjectRequest', { params, body: { reason: reason?.trim() ?? '' } })
    : callApi('approveProjectRequest', { params, body: withReason(reason) });
}

/**
 * Approves (the project joins the catalogue and its first sync is queued) or rejects a request. A decided
 * request leaves the queue at once; one another moderator decided first (409) leaves it too.
 */
export function useDecideProjectRequest() {
  const queryClient = useQueryClient();
  const leaveQueue = (requestId: number) =>
    queryClient.setQueriesData<AdminRequestsResponse>({ queryKey: getProjectRequestsQueryKey() }, (old) =>
      old ? { ...old, data: old.data.filter((request) => request.id !== requestId) } : old,
    );
  return useMutation({
    mutationFn: decideProjectRequest,
    onSuccess: (_decision, { requestId, decision }) => {
      leaveQueue(requestId);
      void refreshAfterModeration(queryClient, {
        changed: [getProjectRequestsQueryKey()],
        publicListsChanged: decision === 'approve',
      });
    },
    onError: (error, { requestId }) => {
      if (!isApiError(error) || error.status !== 409) return;
      leaveQueue(requestId);
      void queryClient.invalidateQueries({ queryKey: getProjectRequestsQueryKey() });
    },
  });
}
