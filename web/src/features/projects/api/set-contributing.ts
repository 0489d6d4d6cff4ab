import type { ProjectPageResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { toastError } from '../../../lib/error-message';
import { projectPageQuery } from './get-project-page';

export const CONTRIBUTING_FAILED_MESSAGE = 'Could not change that, please try again.';

/**
 * "I'd like to contribute here", on or off. The page shows the answer's count at once, then reads itself again
 * so the caller appears in (or leaves) People here.
 */
export function useSetContributing(owner: string, name: string) {
  const queryClient = useQueryClient();
  const { queryKey } = projectPageQuery(owner, name);
  return useMutation({
    mutationFn: (on: boolean) =>
      callApi(on ? 'contributeHere' : 'stopContributingHere', { params: { owner, name } }),
    onSuccess: ({ contributing, contributors }) => {
      queryClient.setQueryData<ProjectPageResponse>(queryKey, (old) =>
        old ? { ...old, contributing, people: { ...old.people, contributors } } : old,
      );
    },
    onError: (error) => toastError(error, CONTRIBUTING_FAILED_MESSAGE, { clientErrorsOnly: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
