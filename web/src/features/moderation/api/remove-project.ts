import type { CatalogueHealth } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getCatalogueHealthQueryKey } from './get-catalogue-health';
import { refreshAfterModeration } from './refresh';
import { withReason } from './reason';

export interface RemoveProjectVariables {
  projectId: number;
  reason?: string;
}

export function removeProject({ projectId, reason }: RemoveProjectVariables) {
  return callApi('removeProject', { params: { id: projectId }, body: withReason(reason) });
}

/** Removes an archived or unreachable project from the catalogue; it leaves the problem list at once. */
export function useRemoveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProject,
    onSuccess: (_answer, { projectId }) => {
      queryClient.setQueriesData<CatalogueHealth>({ queryKey: getCatalogueHealthQueryKey() }, (old) =>
        old
          ? {
              ...old,
              problems: {
                ...old.problems,
                data: old.problems.data.filter((project) => project.id !== projectId),
              },
            }
          : old,
      );
      void refreshAfterModeration(queryClient, {
        changed: [getCatalogueHealthQueryKey()],
        publicListsChanged: true,
      });
    },
  });
}
