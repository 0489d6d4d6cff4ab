import {
  DATE_POSTED_OPTIONS,
  GROUP_SORT_OPTIONS,
  SKILL_LEVELS,
  VISIBILITIES,
  type GroupListRequest,
  type SkillLevel,
  type Visibility,
} from '@openlfg/contracts';
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
 * The group list's controls in the address bar:
 * `?q=rust&sort=saves-desc&topics=react,cli&skills=Beginner,Any%20level&visibility=private&posted=7&page=2`
 * (the shared rules are in lib/url-list-query.ts). While `q` is set, Best match is offered and is the default.
 */

export const groupSorts = searchableSortChoicesOf(GROUP_SORT_OPTIONS);
export const DEFAULT_GROUP_SORT_KEY = groupSorts.defaultKey;

export type DatePosted = (typeof DATE_POSTED_OPTIONS)[number]['days'];

export interface GroupListQuery {
  /** The search box's text; '' is no search. */
  q: string;
  sort: string;
  topics: string[];
  skillLevels: SkillLevel[];
  visibility: Visibility | null;
  datePosted: DatePosted;
  page: number;
}

export const DEFAULT_GROUP_LIST_QUERY: GroupListQuery = {
  q: '',
  sort: DEFAULT_GROUP_SORT_KEY,
  topics: [],
  skillLevels: [],
  visibility: null,
  datePosted: null,
  page: 1,
};

export function parseGroupListQuery(search: string): GroupListQuery {
  const params = new URLSearchParams(search);
  const visibility = params.get('visibility');
  const posted = params.get('posted');
  const q = parseSearch(params.get('q'));
  return {
    q,
    sort: groupSorts.choiceOf(params.get('sort') ?? '', q).key,
    topics: parseTopics(params.get('topics')),
    skillLevels: parseList(
      params.get('skills'),
      SKILL_LEVELS.length,
      (item) => SKILL_LEVELS.find((level) => level === item) ?? null,
    ),
    visibility: VISIBILITIES.find((value) => value === visibility) ?? null,
    datePosted:
      DATE_POSTED_OPTIONS.find((option) => option.days !== null && String(option.days) === posted)?.days ??
      null,
    page: parsePage(params.get('page')),
  };
}

export function formatGroupListQuery(query: GroupListQuery): string {
  return queryString([
    ...searchParam(query.q),
    ...(query.sort !== groupSorts.defaultKeyFor(query.q) ? [`sort=${encodeURIComponent(query.sort)}`] : []),
    ...listParam('topics', query.topics),
    ...listParam('skills', query.skillLevels),
    ...(query.visibility ? [`visibility=${query.visibility}`] : []),
    ...(query.datePosted !== null ? [`posted=${query.datePosted}`] : []),
    ...(query.page > 1 ? [`page=${query.page}`] : []),
  ]);
}

export function toGroupListRequest(query: GroupListQuery): GroupListRequest {
  const { sortField, order } = groupSorts.choiceOf(query.sort, query.q);
  const request: GroupListRequest = { sortField, order, page: query.page };
  if (isSearching(query.q)) request.q = query.q.trim();
  if (query.topics.length > 0) request.topics = query.topics;
  if (query.skillLevels.length > 0) request.skillLevels = query.skillLevels;
  if (query.visibility) request.visibility = query.visibility;
  if (query.datePosted !== null) request.datePosted = query.datePosted;
  return request;
}

export function hasGroupFilters(query: GroupListQuery): boolean {
  return (
    query.topics.length > 0 ||
    query.skillLevels.length > 0 ||
    query.visibility !== null ||
    query.datePosted !== null
  );
}
