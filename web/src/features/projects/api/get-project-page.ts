import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { isApiError } from '../../../lib/api-client';

export function getProjectPage(owner: string, name: string, signal?: AbortSignal) {
  return callApi('projectPage', { params: { owner, name } }, { signal });
}

/** Every project page's key starts so: what saving or the contribute toggle refreshes. */
export function projectPagesQueryKey() {
  return ['projects', 'page'] as const;
}

/**
 * A project's page: the project, its figures' source, the caller's save and "I'd like to contribute here", the
 * groups around it and its people. Keyed by the name as GitHub compares names (ignoring case), so
 * /projects/Acme/Widgets and /projects/acme/widgets share an answer. The server renders the page with this very
 * query prefetched.
 */
export function projectPageQuery(owner: string, name: string) {
  return queryOptions({
    queryKey: [...projectPagesQueryKey(), owner.toLowerCase(), name.toLowerCase()] as const,
    queryFn: ({ signal }) => getProjectPage(owner, name, signal),
  });
}

/** The project's page; `enabled` false while a GitHub sign-in is exchanged (the answer names the caller's state). */
export function useProjectPage(owner: string, name: string, enabled: boolean) {
  return useQuery({ ...projectPageQuery(owner, name), enabled });
}

/** The catalogue has no such project (or the address is no repository name): the page is a 404. */
export function isUnknownProject(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
