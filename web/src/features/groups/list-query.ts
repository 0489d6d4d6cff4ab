import {
  DATE_POSTED_OPTIONS,
  GROUP_SORT_OPTIONS,
  SKILL_LEVELS,
  VISIBILITIES,
  type GroupListRequest,
  type GroupStatus,
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
 * `?q=rust&sort=saves-desc&topics=react,cli&skills=Beginner,Any%20level&visibility=private&status=closed&posted=7&page=2`
 * (the shared rules are in lib/url-list-query.ts). While `q` is set, Best match is offered and is the default.
 */

export const groupSorts = searchableSortChoicesOf(GROUP_SORT_OPTIONS);
export const DEFAULT_GROUP_SORT_KEY = groupSorts.defaultKey;

/**
 * Groups for you: ranked against the signed-in user's profile, offered in the sort box to them alone. Signed
 * out, the address's `sort=match-desc` reads as the default sort (the server would answer 401).
 */
export const FOR_YOU_SORT = {
  key: 'match-desc',
  label: 'Groups for you',
  sortField: 'match',
  order: 'DESC',
} as const;

/**
 * The Status filter's choices: '' is the list's default (open and full groups: closed and archived ones stay
 * out of it), 'any' every status, else one status.
 */
export type StatusChoice = '' | 'any' | GroupStatus;
export const STATUS_CHOICES: readonly { value: StatusChoice; label: string }[] = [
  { value: '', label: 'Open or full' },
  { value: 'open', label: 'Open' },
  { value: 'full', label: 'Full' },
  { value: 'closed', label: 'Closed' },
  { value: 'archived', label: 'Archived' },
  { value: 'any', label: 'Any status' },
];
const ALL_STATUSES: GroupStatus[] = ['open', 'full', 'closed', 'archived'];

export type DatePosted = (typeof DATE_POSTED_OPTIONS)[number]['days'];

export interface GroupListQuery {
  /** The search box's text; '' is no search. */
  q: string;
  sort: string;
  topics: string[];
  skillLevels: SkillLevel[];
  visibility: Visibility | null;
  status: StatusChoice;
  datePosted: DatePosted;
  page: number;
}

export const DEFAULT_GROUP_LIST_QUERY: GroupListQuery = {
  q: '',
  sort: DEFAULT_GROUP_SORT_KEY,
  topics: [],
  skillLevels: [],
  visibility: null,
  status: '',
  datePosted: null,
  page: 1,
};

export function parseGroupListQuery(search: string): GroupListQuery {
  const params = new URLSearchParams(search);
  const visibility = params.get('visibility');
  const posted = params.get('posted');
  const status = params.get('status');
  const q = parseSearch(params.get('q'));
  return {
    q,
    sort:
      params.get('sort') === FOR_YOU_SORT.key
        ? FOR_YOU_SORT.key
        : groupSorts.choiceOf(params.get('sort') ?? '', q).key,
    topics: parseTopics(params.get('topics')),
    skillLevels: parseList(
      params.get('skills'),
      SKILL_LEVELS.length,
      (item) => SKILL_LEVELS.find((level) => level === item) ?? null,
    ),
    visibility: VISIBILITIES.find((value) => value === visibility) ?? null,
    status: STATUS_CHOICES.find((choice) => choice.value !== '' && choice.value === status)?.value ?? '',
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
    ...(query.status ? [`status=${query.status}`] : []),
    ...(query.datePosted !== null ? [`posted=${query.datePosted}`] : []),
    ...(query.page > 1 ? [`page=${query.page}`] : []),
  ]);
}

export function toGroupListRequest(query: GroupListQuery, signedIn = false): GroupListRequest {
  const { sortField, order } =
    query.sort === FOR_YOU_SORT.key && signedIn ? FOR_YOU_SORT : groupSorts.choiceOf(query.sort, query.q);
  const request: GroupListRequest = { sortField, order, page: query.page };
  if (isSearching(query.q)) request.q = query.q.trim();
  if (query.topics.length > 0) request.topics = query.topics;
  if (query.skillLevels.length > 0) request.skillLevels = query.skillLevels;
  if (query.visibility) request.visibility = query.visibility;
  if (query.status) request.statuses = query.status === 'any' ? ALL_STATUSES : [query.status];
  if (query.datePosted !== null) request.datePosted = query.datePosted;
  return request;
}

export function hasGroupFilters(query: GroupListQuery): boolean {
  return (
    query.topics.length > 0 ||
    query.skillLevels.length > 0 ||
    query.visibility !== null ||
    query.status !== '' ||
    query.datePosted !== null
  );
}
