import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getModerationQueryKey } from './query-keys';

export function getAuditLog(page: number, signal?: AbortSignal) {
  return callApi('auditLog', { query: { page } }, { signal });
}

/** Every cached page of the audit log: each moderation action adds to it. */
export function getAuditLogQueryKey() {
  return [...getModerationQueryKey(), 'audit'] as const;
}

export function getAuditLogQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...getAuditLogQueryKey(), page] as const,
    queryFn: ({ signal }) => getAuditLog(page, signal),
  });
}

/** One page of the audit log, newest first. */
export function useAuditLog(page: number) {
  return useQuery({ ...getAuditLogQueryOptions(page), placeholderData: keepPreviousData });
}
