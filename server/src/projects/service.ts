import {
  PROJECT_PAGE_SIZE,
  type ProjectListRequest,
  type TopicsResponse,
  type LanguagesResponse,
} from '@openlfg/contracts';
import { parseGitHubRepo } from '../catalog/sources/index.js';
import { AnswerCache } from '../platform/answer-cache.js';
import { badRequest, conflict, notFound } from '../platform/http/errors.js';
import { PagedLists } from '../platform/paged-lists.js';
import { searchOf } from '../platform/search-query.js';
import { toProject } from './presenters.js';
import type { ListQuery, ProjectsRepository } from './repository.js';

/** How many topics the topic filter offers: the most used ones. */
const MAX_TOPICS_LISTED = 1000;
/** The saved list is for picking up where you left off, not an archive. */
const MAX_SAVED_LISTED = 500;

interface Caller {
  id: number;
}

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
        search: searchOf(request),
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

    /** Saves or unsaves a project for the caller; the project's count moves once per real change. */
    async setSaved(caller: Caller, projectId: number, saved: boolean) {
      const result = await repository.setSaved(caller.id, projectId, saved);
      if (result.saves === undefined) throw notFound(`There is no project ${projectId}.`);
      // A save count changed: lists sorted or showing saves are out of date.
      if (result.changed) lists.clearPages();
      return { projectId, saved, saves: result.saves };
    },

    async saved(caller: Caller) {
      return (await repository.savedBy(caller.id, MAX_SAVED_LISTED)).map(toProject);
    },

    /** Asks the moderators to add a repository; asking again is harmless. Answers whether this call asked first. */
    async request(caller: Caller, projectUrl: string) {
      const repo = parseGitHubRepo(projectUrl);
      if (!repo) {
        throw badRequest(
          'That is not a GitHub repository URL. Use the address of the repository, such as https://github.com/owner/name.',
        );
      }
      const listed = await repository.findByRepoExt(repo.repoExt);
      if (listed) throw conflict(`${listed.repo_ext} is already listed.`);
      const result = await repository.request(caller.id, repo.repoExt);
      return {
        repoExt: result.repoExt,
        status: 'pending' as const,
        requesters: result.requesters,
        created: result.created,
      };
    },

    /** Projects were added, updated or removed (import, sync, moderation). */
    catalogueChanged(): void {
      lists.clear();
      facets.clear();
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
