import type { DecideRequestBody, PendingRequestsResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getPendingRequestsQueryOptions } from './get-pending-requests';
import { getGroupsQueryKey } from './query-keys';

export interface DecideVariables extends DecideRequestBody {
  approve: boolean;
}

export function decideRequest({ approve, ...body }: DecideVariables) {
  return callApi(approve ? 'approveJoinRequest' : 'rejectJoinRequest', { body });
}

/** Approves or rejects a request; the request leaves the owner's list once the server agrees. */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRequest,
    onSuccess: (_answer, { groupProjectId, requestUsername }) => {
      queryClient.setQueryData<PendingRequestsResponse>(getPendingRequestsQueryOptions().queryKey, (old) =>
        old
          ? {
              data: old.data.filter(
                (item) =>
                  !(item.groupProjectId === groupProjectId && item.requestUsername === requestUsername),
              ),
            }
          : old,
      );
      return queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() });
    },
  });
}
