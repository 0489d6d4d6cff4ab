import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { PROJECT_ISSUES_QUERY_KEY } from '../../../issue-signals/query-keys';

/** The server caches GitHub's answer too; five minutes here saves a call when the dialog is reopened. */
const ISSUES_STALE_TIME_MS = 5 * 60_000;

export function getProjectIssues(repoExt: string, signal?: AbortSignal) {
  return callApi('projectIssues', { query: { repoExt } }, { signal });
}

export function getProjectIssuesQueryOptions(repoExt: string) {
  return queryOptions({
    queryKey: [...PROJECT_ISSUES_QUERY_KEY, repoExt] as const,
    queryFn: ({ signal }) => getProjectIssues(repoExt, signal),
    staleTime: ISSUES_STALE_TIME_MS,
  });
}

/** The open issues of one project; `repoExt` null asks for nothing (the dialog is closed). */
export function useProjectIssues(repoExt: string | null) {
  return useQuery({ ...getProjectIssuesQueryOptions(repoExt ?? ''), enabled: repoExt !== null });
}
