import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getAuditLogQueryKey } from './get-audit-log';
import { getModerationQueryKey } from './query-keys';

export interface RefreshOptions {
  /** The moderation lists the action changed (their prefixes). */
  changed: readonly QueryKey[];
  /** The action changed what everyone sees (the catalogue, the group lists). */
  publicListsChanged?: boolean;
}

/**
 * After a moderation action: the lists it changed and the audit log load again. When the public catalogue or
 * group lists changed too, every answer cached outside this area is marked stale (without loading it now), so
 * the next page that shows one asks again: this feature does not know, nor import, the other features' keys.
 */
export async function refreshAfterModeration(
  queryClient: QueryClient,
  { changed, publicListsChanged = false }: RefreshOptions,
): Promise<void> {
  if (publicListsChanged) {
    const root = getModerationQueryKey()[0];
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== root,
      refetchType: 'none',
    });
  }
  await Promise.all(
    [...changed, getAuditLogQueryKey()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
