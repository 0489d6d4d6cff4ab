import { MAX_FILTER_LANGUAGES, PROJECT_SORT_OPTIONS, type ProjectListRequest } from '@openlfg/contracts';
import {
  listParam,
  parseList,
  parsePage,
  parseTopics,
  queryString,
  sortChoicesOf,
} from '../../lib/url-list-query';

/**
 * The projects list's controls in the address bar: `?sort=used_by-desc&topics=react,cli&languages=Go&new=1&page=2`
 * (the shared rules are in lib/url-list-query.ts).
 */

const sorts = sortChoicesOf(PROJECT_SORT_OPTIONS);
export const SORT_CHOICES = sorts.choices;
export const DEFAULT_SORT_KEY = sorts.defaultKey;
export const sortChoiceOf = sorts.choiceOf;

const MAX_LANGUAGE_LENGTH = 50;

export interface ListQuery {
  sort: string;
  topics: string[];
  languages: string[];
  showNew: boolean;
  page: number;
}

export const DEFAULT_LIST_QUERY: ListQuery = {
  sort: DEFAULT_SORT_KEY,
  topics: [],
  languages: [],
  showNew: false,
  page: 1,
};

export function parseListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  return {
    sort: sortChoiceOf(params.get('sort') ?? DEFAULT_SORT_KEY).key,
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
    ...(query.sort !== DEFAULT_SORT_KEY ? [`sort=${encodeURIComponent(query.sort)}`] : []),
    ...listParam('topics', query.topics),
    ...listParam('languages', query.languages),
    ...(query.showNew ? ['new=1'] : []),
    ...(query.page > 1 ? [`page=${query.page}`] : []),
  ]);
}

export function toListRequest(query: ListQuery): ProjectListRequest {
  const { sortField, order } = sortChoiceOf(query.sort);
  return {
    sortField,
    order,
    filters: { topics: query.topics, languages: query.languages },
    page: query.page,
    showNew: query.showNew,
  };
}

export function hasFilters(query: ListQuery): boolean {
  return query.topics.length > 0 || query.languages.length > 0 || query.showNew;
}
