import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getCatalogueHealthQueryKey } from './get-catalogue-health';
import { refreshAfterModeration } from './refresh';

export function startSync() {
  return callApi('startSync', { body: {} });
}

/**
 * Starts a catalogue sync now. The server answers once the run has started (or refuses with 409 when one is
 * already running, on any node); the health view then follows the run.
 */
export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSync,
    onSettled: () => refreshAfterModeration(queryClient, { changed: [getCatalogueHealthQueryKey()] }),
  });
}
