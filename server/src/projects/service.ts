import {
  PROJECT_PAGE_SIZE,
  type ProjectListRequest,
  type ProjectListResponse,
  type TopicsResponse,
  type LanguagesResponse,
} from '@openlfg/contracts';
import { AnswerCache } from './list-cache.js';
import { toProject } from './presenters.js';
import type { ListQuery, ProjectsRepository } from './repository.js';

/** How many topics the topic filter offers: the most used ones. */
const MAX_TOPICS_LISTED = 1000;

export function createProjectsService(repository: ProjectsRepository) {
  // Lists do not depend on who asks: cached per filter and page, cleared on every write that changes them.
  const lists = new AnswerCache<ProjectListResponse>({ ttlMs: 30_000, maxEntries: 1000 });
  const facets = new AnswerCache<TopicsResponse | LanguagesResponse>({ ttlMs: 5 * 60_000, maxEntries: 4 });

  return {
    list(request: ProjectListRequest): Promise<ProjectListResponse> {
      const query: ListQuery = {
        sortField: request.sortField,
        order: request.order,
        // Order and repeats do not change the answer: normalise so equal questions share a cache entry.
        topics: [...new Set(request.filters?.topics ?? [])].sort(),
        languages: [...new Set(request.filters?.languages ?? [])].sort(),
        showNew: request.showNew === true,
      };
      return lists.getOrLoad(JSON.stringify([query, request.page]), async () => {
        const total = await repository.count(query);
        const totalPages = Math.max(1, Math.ceil(total / PROJECT_PAGE_SIZE));
        const pageLocation = Math.min(request.page, totalPages);
        const rows = total === 0 ? [] : await repository.page(query, pageLocation);
        return { data: rows.map(toProject), totalPages, pageLocation, total };
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
      lists.clear();
    },

    /** Projects were added, updated or removed (import, sync, moderation). */
    catalogueChanged(): void {
      lists.clear();
      facets.clear();
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
