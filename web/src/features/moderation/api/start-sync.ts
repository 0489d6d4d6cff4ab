import type { SyncStarted } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getCatalogueHealthQueryKey } from './get-catalogue-health';
import { refreshAfterModeration } from './refresh';

export function startSync(): Promise<SyncStarted> {
  return apiFetch<SyncStarted>('/admin/sync', { method: 'POST', body: {} });
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
