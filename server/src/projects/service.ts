import {
  PROJECT_PAGE_SIZE,
  type ProjectListRequest,
  type ProjectListResponse,
  type TopicsResponse,
  type LanguagesResponse,
} from '@openlfg/contracts';
import { AnswerCache } from '../platform/answer-cache.js';
import { toProject } from './presenters.js';
import type { ListQuery, ProjectsRepository } from './repository.js';

/** How many topics the topic filter offers: the most used ones. */
const MAX_TOPICS_LISTED = 1000;

export function createProjectsService(repository: ProjectsRepository, options: { listCacheTtlMs: number }) {
  // Lists do not depend on who asks: cached per filter and page, cleared on every write that changes them.
  // Pages are kept as the JSON they are sent as: a hit costs no query and no serialisation.
  const lists = new AnswerCache<string>({ ttlMs: options.listCacheTtlMs, maxEntries: 1000 });
  // Counting a large catalogue is the dear part of a list: one count per filter serves all of its pages.
  const counts = new AnswerCache<number>({ ttlMs: options.listCacheTtlMs, maxEntries: 1000 });
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
      const filterKey = JSON.stringify(query);
      return lists.getOrLoad(`${filterKey}#${request.page}`, async () => {
        const total = await counts.getOrLoad(filterKey, () => repository.count(query));
        const totalPages = Math.max(1, Math.ceil(total / PROJECT_PAGE_SIZE));
        const pageLocation = Math.min(request.page, totalPages);
        const rows = await repository.page(query, pageLocation, total);
        const answer: ProjectListResponse = { data: rows.map(toProject), totalPages, pageLocation, total };
        return JSON.stringify(answer);
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
      counts.clear();
      facets.clear();
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
