import {
  PROJECT_PAGE_SIZE,
  type ProjectListRequest,
  type TopicsResponse,
  type LanguagesResponse,
} from '@openlfg/contracts';
import { AnswerCache } from '../platform/answer-cache.js';
import { PagedLists } from '../platform/paged-lists.js';
import { toProject } from './presenters.js';
import type { ListQuery, ProjectsRepository } from './repository.js';

/** How many topics the topic filter offers: the most used ones. */
const MAX_TOPICS_LISTED = 1000;

export function createProjectsService(repository: ProjectsRepository, options: { listCacheTtlMs: number }) {
  // Lists do not depend on who asks: cached per filter and page, cleared on every write that changes them.
  const lists = new PagedLists(options.listCacheTtlMs);
  const facets = new AnswerCache<TopicsResponse | LanguagesResponse>({ ttlMs: 5 * 60_000, maxEntries: 4 });

  return {
    /** The list answer as JSON text (a ProjectListResponse). */
    list(request: ProjectListRequest): Promise<string> {
      const query: ListQuery = {
        sortField: request.sortField,
        order: request.order,
        // Order and repeats do not change the answer: normalise so equal questions share a cache entry.
        topics: [...new Set(request.filters?.topics ?? [])].sort(),
        languages: [...new Set(request.filters?.languages ?? [])].sort(),
        showNew: request.showNew === true,
      };
      return lists.answer(JSON.stringify(query), request.page, PROJECT_PAGE_SIZE, {
        count: () => repository.count(query),
        rows: (page, total) => repository.page(query, page, total),
        present: toProject,
      });
    },

    topics(): Promise<TopicsResponse> {
      return facets.getOrLoad('topics', () =>
        repository.topics(MAX_TOPICS_LISTED),
      ) as Promise<TopicsResponse>;
    },

    languages(): Promise<LanguagesResponse> {
      return facets.getOrLoad('languages', () => repository.languages()) as Promise<LanguagesResponse>;
    },

    /** A save count changed: lists sorted or showing saves are out of date. */
    savesChanged(): void {
      lists.clearPages();
    },

    /** Projects were added, updated or removed (import, sync, moderation). */
    catalogueChanged(): void {
      lists.clear();
      facets.clear();
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
