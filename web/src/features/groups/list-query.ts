import {
  DATE_POSTED_OPTIONS,
  GROUP_SORT_OPTIONS,
  MAX_FILTER_TOPICS,
  SKILL_LEVELS,
  TOPIC_PATTERN,
  VISIBILITIES,
} from '@openlfg/contracts';
import type { GroupListRequest, SkillLevel, Visibility } from '@openlfg/contracts';

/**
 * The group list's controls live in the address bar:
 * `?sort=saves-desc&topics=react,cli&skills=Beginner,Any%20level&visibility=private&posted=7&page=2`.
 * Defaults are left out; a value that does not parse falls back to its default.
 */

type SortOption = (typeof GROUP_SORT_OPTIONS)[number];

export function sortKeyOf(option: SortOption): string {
  return `${option.sortField}-${option.order.toLowerCase()}`;
}

export const GROUP_SORT_CHOICES = GROUP_SORT_OPTIONS.map((option) => ({ key: sortKeyOf(option), ...option }));
export type GroupSortChoice = (typeof GROUP_SORT_CHOICES)[number];
const DEFAULT_SORT_CHOICE: GroupSortChoice = {
  key: sortKeyOf(GROUP_SORT_OPTIONS[0]),
  ...GROUP_SORT_OPTIONS[0],
};
export const DEFAULT_GROUP_SORT_KEY = DEFAULT_SORT_CHOICE.key;

export type DatePosted = (typeof DATE_POSTED_OPTIONS)[number]['days'];

const MAX_PAGE = 1_000_000;
const topicPattern = new RegExp(TOPIC_PATTERN);

export interface GroupListQuery {
  sort: string;
  topics: string[];
  skillLevels: SkillLevel[];
  visibility: Visibility | null;
  datePosted: DatePosted;
  page: number;
}

export const DEFAULT_GROUP_LIST_QUERY: GroupListQuery = {
  sort: DEFAULT_GROUP_SORT_KEY,
  topics: [],
  skillLevels: [],
  visibility: null,
  datePosted: null,
  page: 1,
};

export function sortChoiceOf(key: string): GroupSortChoice {
  return GROUP_SORT_CHOICES.find((choice) => choice.key === key) ?? DEFAULT_SORT_CHOICE;
}

export function parseGroupListQuery(search: string): GroupListQuery {
  const params = new URLSearchParams(search);
  const visibility = params.get('visibility');
  const posted = params.get('posted');
  return {
    sort: sortChoiceOf(params.get('sort') ?? DEFAULT_GROUP_SORT_KEY).key,
    topics: parseList(params.get('topics'), MAX_FILTER_TOPICS, (item) => {
      const topic = item.toLowerCase();
      return topicPattern.test(topic) ? topic : null;
    }),
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
  const parts: string[] = [];
  if (query.sort !== DEFAULT_GROUP_SORT_KEY) parts.push(`sort=${encodeURIComponent(query.sort)}`);
  if (query.topics.length > 0) parts.push(`topics=${query.topics.map(encodeURIComponent).join(',')}`);
  if (query.skillLevels.length > 0)
    parts.push(`skills=${query.skillLevels.map(encodeURIComponent).join(',')}`);
  if (query.visibility) parts.push(`visibility=${query.visibility}`);
  if (query.datePosted !== null) parts.push(`posted=${query.datePosted}`);
  if (query.page > 1) parts.push(`page=${query.page}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export function toGroupListRequest(query: GroupListQuery): GroupListRequest {
  const { sortField, order } = sortChoiceOf(query.sort);
  const request: GroupListRequest = { sortField, order, page: query.page };
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

function parseList<T extends string>(
  value: string | null,
  max: number,
  accept: (item: string) => T | null,
): T[] {
  if (value === null) return [];
  const items: T[] = [];
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
