import {
  canonicalsByAliasPrefix,
  canonicalTopic,
  canonicalTopics,
  DEFAULT_TOPIC_SEARCH_RESULTS,
  foldTopic,
  MAX_TOPIC_LENGTH,
  PROJECT_PAGE_SIZE,
  type ProjectListRequest,
  type TopicsResponse,
  type LanguagesResponse,
  type TopicSearchQuery,
  type TopicSearchResponse,
} from '@openlfg/contracts';
import { parseGitHubRepo } from '../catalog/sources/index.js';
import { AnswerCache } from '../platform/answer-cache.js';
import { badRequest, conflict, notFound } from '../platform/http/errors.js';
import { PagedLists } from '../platform/paged-lists.js';
import { searchedFor, searchOf } from '../platform/search-query.js';
import { toProject } from './presenters.js';
import type { ListCounts, ListQuery, ProjectsRepository } from './repository.js';

/** How many topics the topic filter offers: the most used ones. */
const MAX_TOPICS_LISTED = 1000;
/** The saved list is for picking up where you left off, not an archive. */
const MAX_SAVED_LISTED = 500;

interface Caller {
  id: number;
}

/** The figure each figure sort is by, as the counts name it. */
const SORT_FIGURE = { contributors: 'contributors', used_by: 'usedBy' } as const;

/**
 * A sort by a figure that none of the matching projects has would be the id order under another name (every
 * value ties as unknown), which is what a new catalogue shows before its first sync. Any order is that sort's
 * order then, so the list is served with the most beginner issues first: what a newcomer looks for, and known
 * from the catalogues themselves before any sync. The answer says so (`sortFallback`).
 */
function sortFallsBack(query: ListQuery, counts: ListCounts): boolean {
  const figure =
    query.sortField in SORT_FIGURE ? SORT_FIGURE[query.sortField as keyof typeof SORT_FIGURE] : null;
  return figure !== null && counts.total > 0 && counts[figure] === 0;
}

export function createProjectsService(repository: ProjectsRepository, options: { listCacheTtlMs: number }) {
  // Lists do not depend on who asks: cached per filter and page, cleared on every write that changes them.
  const lists = new PagedLists(options.listCacheTtlMs);
  const facets = new AnswerCache<TopicsResponse | LanguagesResponse>({ ttlMs: 5 * 60_000, maxEntries: 4 });
  // What people type repeats (every visitor types "re" on the way to "react"): answers kept per search.
  const topicSearches = new AnswerCache<TopicSearchResponse>({ ttlMs: 5 * 60_000, maxEntries: 2000 });

  return {
    /** The list answer as JSON text (a ProjectListResponse). */
    list(request: ProjectListRequest): Promise<string> {
      const query: ListQuery = {
        sortField: request.sortField,
        // Beginner issues are sorted most first only: the order its index (migration 0011) is read in.
        order: request.sortField === 'beginner_issues' ? 'DESC' : request.order,
        // Order and repeats do not change the answer: normalise so equal questions share a cache entry. A topic
        // is looked up under its canonical name: "reactjs" finds the projects tagged react.
        topics: canonicalTopics(request.filters?.topics ?? []).sort(),
        languages: [...new Set(request.filters?.languages ?? [])].sort(),
        showNew: request.showNew === true,
        search: searchOf(request),
      };
      return lists.answer(JSON.stringify(query), request.page, PROJECT_PAGE_SIZE, {
        count: () => repository.count(query),
        rows: (page, total, counts) =>
          repository.page(
            sortFallsBack(query, counts) ? { ...query, sortField: 'beginner_issues', order: 'DESC' } : query,
            page,
            total,
            counts.match,
          ),
        present: toProject,
        extra: (counts) => ({
          known: { contributors: counts.contributors, usedBy: counts.usedBy },
          sortFallback: sortFallsBack(query, counts),
          lastCatalogueSyncAt: counts.lastCatalogueSyncAt?.toISOString() ?? null,
          searchedFor: searchedFor(counts.match, query.search),
        }),
      });
    },

    topics(): Promise<TopicsResponse> {
      return facets.getOrLoad('topics', () =>
        repository.topics(MAX_TOPICS_LISTED),
      ) as Promise<TopicsResponse>;
    },

    /** Topics for what is typed, spelled any way; see the repository's searchTopics for the order. */
    searchTopics(query: TopicSearchQuery): Promise<TopicSearchResponse> {
      const text = foldTopic(query.q ?? '').slice(0, MAX_TOPIC_LENGTH);
      const limit = query.limit ?? DEFAULT_TOPIC_SEARCH_RESULTS;
      return topicSearches.getOrLoad(`${limit}:${query.q?.trim() ? 'q' : ''}:${text}`, () => {
        // Typed, but nothing a topic could hold ("#!"): no topic matches.
        if (text === '') return query.q?.trim() ? Promise.resolve([]) : repository.topics(limit);
        const exact = canonicalTopic(text);
        const related = [...new Set([...(exact ? [exact] : []), ...canonicalsByAliasPrefix(text)])];
        return repository.searchTopics(text, exact, related, limit);
      });
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
      topicSearches.clear();
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
