import {
  MAX_FILTER_LANGUAGES,
  MAX_FILTER_TOPICS,
  PROJECT_SORT_OPTIONS,
  TOPIC_PATTERN,
  type ProjectListRequest,
} from '@openlfg/contracts';

/**
 * The projects list's controls live in the address bar, so a link shows the same list and Back undoes a
 * change: `?sort=used_by-desc&topics=react,cli&languages=Go&new=1&page=2`. Defaults are left out, and a value
 * that does not parse falls back to its default without a word.
 */

type SortOption = (typeof PROJECT_SORT_OPTIONS)[number];

/** A stable key per sort option (`contributors-desc`), so links survive a change in the options' order. */
export function sortKeyOf(option: SortOption): string {
  return `${option.sortField}-${option.order.toLowerCase()}`;
}

export const SORT_CHOICES = PROJECT_SORT_OPTIONS.map((option) => ({ key: sortKeyOf(option), ...option }));
export type SortChoice = (typeof SORT_CHOICES)[number];
const DEFAULT_SORT_CHOICE: SortChoice = {
  key: sortKeyOf(PROJECT_SORT_OPTIONS[0]),
  ...PROJECT_SORT_OPTIONS[0],
};
export const DEFAULT_SORT_KEY = DEFAULT_SORT_CHOICE.key;

const MAX_PAGE = 1_000_000;
const MAX_LANGUAGE_LENGTH = 50;
const topicPattern = new RegExp(TOPIC_PATTERN);

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
  const sort = params.get('sort');
  return {
    sort: sortChoiceOf(sort ?? DEFAULT_SORT_KEY).key,
    topics: parseList(params.get('topics'), MAX_FILTER_TOPICS, (item) => {
      const topic = item.toLowerCase();
      return topicPattern.test(topic) ? topic : null;
    }),
    languages: parseList(params.get('languages'), MAX_FILTER_LANGUAGES, (item) =>
      item.length <= MAX_LANGUAGE_LENGTH ? item : null,
    ),
    showNew: params.get('new') === '1',
    page: parsePage(params.get('page')),
  };
}

/** The query string for `query`, with a leading '?', or '' when everything is at its default. */
export function formatListQuery(query: ListQuery): string {
  const parts: string[] = [];
  if (query.sort !== DEFAULT_SORT_KEY) parts.push(`sort=${encodeURIComponent(query.sort)}`);
  if (query.topics.length > 0) parts.push(`topics=${query.topics.map(encodeURIComponent).join(',')}`);
  if (query.languages.length > 0)
    parts.push(`languages=${query.languages.map(encodeURIComponent).join(',')}`);
  if (query.showNew) parts.push('new=1');
  if (query.page > 1) parts.push(`page=${query.page}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export function sortChoiceOf(key: string): SortChoice {
  return SORT_CHOICES.find((choice) => choice.key === key) ?? DEFAULT_SORT_CHOICE;
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

function parseList(value: string | null, max: number, accept: (item: string) => string | null): string[] {
  if (value === null) return [];
  const items: string[] = [];
  for (const raw of value.split(',')) {
    const item = accept(raw.trim());
    if (item && !items.includes(item)) items.push(item);
  }
  return items.slice(0, max);
}

function parsePage(value: string | null): number {
  if (value === null || !/^\d{1,7}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}
