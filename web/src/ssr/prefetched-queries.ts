import type {
  GroupListRequest,
  PageQueries,
  PrefetchableQuery,
  ProjectListRequest,
} from '@openlfg/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { projectIssuesQuery } from '../features/issues/project-issues-query';
import { getDiscussionInfoQueryOptions } from '../features/groups/api/get-discussion-info';
import { getGroupQueryOptions } from '../features/groups/api/get-group';
import { getGroupProjectsQueryOptions } from '../features/groups/api/get-group-projects';
import { getUserProfileQueryOptions } from '../features/people/api/user-profile';
import { projectPageQuery } from '../features/projects/api/get-project-page';
import { getLanguagesQueryOptions } from '../features/projects/api/get-languages';
import { getProjectsQueryOptions } from '../features/projects/api/get-projects';
import { ApiError } from '../lib/api-client';

/**
 * Each query a server-rendered page can arrive with: its key, from the same queryOptions factory the page's
 * hooks use, so the answers land where the page looks for them.
 */
const prefetchable: Record<PrefetchableQuery, (args: string[]) => Prefetched> = {
  projectPage: ([owner = '', name = '']) => ({ queryKey: projectPageQuery(owner, name).queryKey }),
  // An infinite query: the server's answer is its first page.
  projectIssues: ([projectId = '']) => ({
    queryKey: projectIssuesQuery(Number(projectId)).queryKey,
    data: (answer) => ({ pages: [answer], pageParams: [null] }),
  }),
  userProfile: ([login = '']) => ({ queryKey: getUserProfileQueryOptions(login).queryKey }),
  discussionInfo: ([groupId = '']) => ({ queryKey: getDiscussionInfoQueryOptions(Number(groupId)).queryKey }),
  groupCard: ([groupId = '']) => ({ queryKey: getGroupQueryOptions(Number(groupId)).queryKey }),
  groupList: ([request = '{}']) => ({
    queryKey: getGroupProjectsQueryOptions(JSON.parse(request) as GroupListRequest).queryKey,
  }),
  projectList: ([request = '{}']) => ({
    queryKey: getProjectsQueryOptions(JSON.parse(request) as ProjectListRequest).queryKey,
  }),
  projectLanguages: () => ({ queryKey: getLanguagesQueryOptions().queryKey }),
};

/** How long an answer a page arrived with counts as fresh: the time to take the page over, on a slow phone. */
export const SERVER_ANSWER_FRESH_MS = 30_000;

interface Prefetched {
  queryKey: QueryKey;
  /** The cache's shape of an answer, when it is not the answer itself. */
  data?: (answer: unknown) => unknown;
}

function apiErrorOf(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return new ApiError(
    status,
    typeof error?.code === 'string' ? error.code : null,
    typeof error?.message === 'string' ? error.message : null,
  );
}

/**
 * Puts the server's answers into the query cache before the first render: on the server before rendering
 * the page, and in the browser before taking the server's markup over, so both render the same. An answer
 * the server refused (an unknown project: 404) is kept as the query's error, and not asked again as the page
 * mounts: the browser shows the same not-found page the server sent.
 */
export function seedPrefetchedQueries(queryClient: QueryClient, data: PageQueries): void {
  for (const { query, args, status, body } of data.queries) {
    const factory = prefetchable[query] as ((args: string[]) => Prefetched) | undefined;
    if (!factory) continue;
    const { queryKey, data } = factory(args);
    if (status >= 200 && status < 300) {
      const seededAt = Date.now();
      queryClient.setQueryData(queryKey, data ? data(body) : body, { updatedAt: seededAt });
      // The answer the page was just rendered from is not asked for again as the page mounts: that refetch
      // came back with the same answer and re-rendered the page's lists in the middle of the takeover. Once
      // the query has fetched anew (or was invalidated), it is as fresh as any other.
      queryClient.setQueryDefaults(queryKey, {
        staleTime: (query) => (query.state.dataUpdatedAt === seededAt ? SERVER_ANSWER_FRESH_MS : 0),
      });
      continue;
    }
    const error = apiErrorOf(status, body);
    queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
    queryClient.getQueryCache().build(
      queryClient,
      { queryKey },
      {
        data: undefined,
        dataUpdateCount: 0,
        dataUpdatedAt: 0,
        error,
        errorUpdateCount: 1,
        errorUpdatedAt: Date.now(),
        fetchFailureCount: 1,
        fetchFailureReason: error,
        fetchMeta: null,
        isInvalidated: false,
        status: 'error',
        fetchStatus: 'idle',
      },
    );
  }
}
