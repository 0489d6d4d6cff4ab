import { MAX_FILTER_LANGUAGES, PROJECT_SORT_OPTIONS, type ProjectListRequest } from '@openlfg/contracts';
import {
  isSearching,
  listParam,
  parseList,
  parsePage,
  parseSearch,
  parseTopics,
  queryString,
  searchableSortChoicesOf,
  searchParam,
} from '../../lib/url-list-query';

/**
 * The projects list's controls in the address bar:
 * `?q=chat&sort=used_by-desc&topics=react,cli&languages=Go&new=1&page=2` (the shared rules are in
 * lib/url-list-query.ts). While `q` is set, Best match is offered and is the default.
 */

export const projectSorts = searchableSortChoicesOf(PROJECT_SORT_OPTIONS);
export const DEFAULT_SORT_KEY = projectSorts.defaultKey;

const MAX_LANGUAGE_LENGTH = 50;

export interface ListQuery {
  /** The search box's text; '' is no search. */
  q: string;
  sort: string;
  topics: string[];
  languages: string[];
  showNew: boolean;
  page: number;
}

export const DEFAULT_LIST_QUERY: ListQuery = {
  q: '',
  sort: DEFAULT_SORT_KEY,
  topics: [],
  languages: [],
  showNew: false,
  page: 1,
};

export function parseListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const q = parseSearch(params.get('q'));
  return {
    q,
    sort: projectSorts.choiceOf(params.get('sort') ?? '', q).key,
    topics: parseTopics(params.get('topics')),
    languages: parseList(params.get('languages'), MAX_FILTER_LANGUAGES, (item) =>
      item.length <= MAX_LANGUAGE_LENGTH ? item : null,
    ),
    showNew: params.get('new') === '1',
    page: parsePage(params.get('page')),
  };
}

/** The query string for `query`, with a leading '?', or '' when everything is at its default. */
export function formatListQuery(query: ListQuery): string {
  return queryString([
    ...searchParam(query.q),
    ...(query.sort !== projectSorts.defaultKeyFor(query.q) ? [`sort=${encodeURIComponent(query.sort)}`] : []),
    ...listParam('topics', query.topics),
    ...listParam('languages', query.languages),
    ...(query.showNew ? ['new=1'] : []),
    ...(query.page > 1 ? [`page=${query.page}`] : []),
  ]);
}

export function toListRequest(query: ListQuery): ProjectListRequest {
  const { sortField, order } = projectSorts.choiceOf(query.sort, query.q);
  return {
    sortField,
    order,
    filters: { topics: query.topics, languages: query.languages },
    page: query.page,
    showNew: query.showNew,
    ...(isSearching(query.q) ? { q: query.q.trim() } : {}),
  };
}

export function hasFilters(query: ListQuery): boolean {
  return query.topics.length > 0 || query.languages.length > 0 || query.showNew;
}
