import {
  ISSUE_SORT_OPTIONS,
  ISSUE_UPDATED_WITHIN_DAYS,
  MAX_FILTER_LANGUAGES,
  type IssueAlertFilters,
  type IssueListRequest,
  type IssueSort,
  type IssueUpdatedWithin,
} from '@openlfg/contracts';
import { listParam, parseList, parseTopics, queryString } from '../../lib/url-list-query';

/**
 * The finder's controls in the address bar, so Back, reload and a shared link keep them:
 * `?sort=updated&languages=Go&topics=cli&label=help%20wanted&taken=any&answers=week&updated=30&project=12&quiet=show`, and
 * `view=claims` for the My claims tab. Defaults are left out ("not taken" is on unless `taken=any`); a value that
 * does not parse falls back to its default. The cursor of "Load more" is not kept: a reload starts at the top.
 */

export type FinderView = 'find' | 'claims';

export interface FinderQuery {
  view: FinderView;
  sort: IssueSort;
  languages: string[];
  topics: string[];
  label: string | null;
  notTaken: boolean;
  answersWithinWeek: boolean;
  updatedWithinDays: IssueUpdatedWithin | null;
  projectId: number | null;
  /** Also the issues of quiet projects (no push in 90 days), which the finder leaves out by default. */
  includeQuiet: boolean;
}

export const DEFAULT_SORT: IssueSort = ISSUE_SORT_OPTIONS[0].sort;

/** The filters at their defaults ("not taken" on, nothing else); Clear filters keeps the sort and the tab. */
export const CLEARED_FILTERS: Omit<FinderQuery, 'view' | 'sort'> = {
  languages: [],
  topics: [],
  label: null,
  notTaken: true,
  answersWithinWeek: false,
  updatedWithinDays: null,
  projectId: null,
  includeQuiet: false,
};

const MAX_TEXT_LENGTH = 50;

function parseSort(value: string | null): IssueSort {
  return ISSUE_SORT_OPTIONS.find((option) => option.sort === value)?.sort ?? DEFAULT_SORT;
}

function parseUpdatedWithin(value: string | null): IssueUpdatedWithin | null {
  return ISSUE_UPDATED_WITHIN_DAYS.find((days) => String(days) === value) ?? null;
}

function parseProjectId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}

function parseLabel(value: string | null): string | null {
  const label = value?.trim() ?? '';
  return label.length > 0 && label.length <= MAX_TEXT_LENGTH ? label : null;
}

export function parseFinderQuery(search: string): FinderQuery {
  const params = new URLSearchParams(search);
  return {
    view: params.get('view') === 'claims' ? 'claims' : 'find',
    sort: parseSort(params.get('sort')),
    languages: parseList(params.get('languages'), MAX_FILTER_LANGUAGES, (item) =>
      item.length > 0 && item.length <= MAX_TEXT_LENGTH ? item : null,
    ),
    topics: parseTopics(params.get('topics')),
    label: parseLabel(params.get('label')),
    notTaken: params.get('taken') !== 'any',
    answersWithinWeek: params.get('answers') === 'week',
    updatedWithinDays: parseUpdatedWithin(params.get('updated')),
    projectId: parseProjectId(params.get('project')),
    includeQuiet: params.get('quiet') === 'show',
  };
}

/** The query string for `query`, with a leading '?', or '' when everything is at its default. */
export function formatFinderQuery(query: FinderQuery): string {
  return queryString([
    ...(query.view === 'claims' ? ['view=claims'] : []),
    ...(query.sort !== DEFAULT_SORT ? [`sort=${query.sort}`] : []),
    ...listParam('languages', query.languages),
    ...listParam('topics', query.topics),
    ...(query.label !== null ? [`label=${encodeURIComponent(query.label)}`] : []),
    ...(query.notTaken ? [] : ['taken=any']),
    ...(query.answersWithinWeek ? ['answers=week'] : []),
    ...(query.updatedWithinDays !== null ? [`updated=${query.updatedWithinDays}`] : []),
    ...(query.projectId !== null ? [`project=${query.projectId}`] : []),
    ...(query.includeQuiet ? ['quiet=show'] : []),
  ]);
}

/** The first page's request; "not taken" is always sent, since the server's default could change. */
export function toIssueListRequest(query: FinderQuery): IssueListRequest {
  return {
    sort: query.sort,
    notTaken: query.notTaken,
    ...(query.languages.length > 0 ? { languages: query.languages } : {}),
    ...(query.topics.length > 0 ? { topics: query.topics } : {}),
    ...(query.label !== null ? { label: query.label } : {}),
    ...(query.answersWithinWeek ? { answersWithinWeek: true } : {}),
    ...(query.updatedWithinDays !== null ? { updatedWithinDays: query.updatedWithinDays } : {}),
    ...(query.projectId !== null ? { projectId: query.projectId } : {}),
    ...(query.includeQuiet ? { includeQuiet: true } : {}),
  };
}

/** The filters an alert for new issues keeps: the first page's request without its sort. */
export function toAlertFilters(query: FinderQuery): IssueAlertFilters {
  const { sort: _sort, ...filters } = toIssueListRequest(query);
  return filters;
}

export function hasFilters(query: FinderQuery): boolean {
  return (
    query.languages.length > 0 ||
    query.topics.length > 0 ||
    query.label !== null ||
    !query.notTaken ||
    query.answersWithinWeek ||
    query.updatedWithinDays !== null ||
    query.projectId !== null ||
    query.includeQuiet
  );
}
