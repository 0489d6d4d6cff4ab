import type { DecideRequestBody, MembershipResponse, PendingRequestsResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getPendingRequestsQueryOptions } from './get-pending-requests';
import { getGroupsQueryKey } from './query-keys';

export interface DecideVariables extends DecideRequestBody {
  approve: boolean;
}

export function decideRequest({
  approve,
  ...body
}: DecideVariables): Promise<MembershipResponse | undefined> {
  return apiFetch<MembershipResponse | undefined>('/group-projects/pending-requests', {
    method: approve ? 'POST' : 'DELETE',
    body,
  });
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
