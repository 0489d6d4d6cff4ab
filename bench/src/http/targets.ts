import { PROJECTS } from './settings.js';

/** A route the HTTP rounds load: its path, body and cookie, and the page to find at run time, if any. */
export interface Target {
  name: string;
  path: string;
  body?: Record<string, unknown>;
  cookie?: string;
  /** A list page found at run time from the list's first answer: its middle page or its last. */
  page?: 'middle' | 'last';
}

const lastPage = Math.ceil(PROJECTS / 20);

const list = (extra: Record<string, unknown>) => ({
  sortField: 'contributors',
  order: 'DESC',
  page: 1,
  ...extra,
});
const groupList = (extra: Record<string, unknown>) => ({
  sortField: 'date_posted',
  order: 'DESC',
  page: 1,
  ...extra,
});
const projectSorts = [
  ['contributors', 'DESC'],
  ['contributors', 'ASC'],
  ['name', 'ASC'],
  ['name', 'DESC'],
  ['used_by', 'DESC'],
  ['used_by', 'ASC'],
  ['saves', 'DESC'],
  ['saves', 'ASC'],
] as const;
/** The HTTP rounds' routes, the bare hello route first (the baseline the others are divided by). */
export const targets: Target[] = [
  { name: 'hello (baseline)', path: '/bench/hello' },
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET / (index.html)', path: '/' },
  { name: 'projects page 1', path: '/api/projects', body: list({}) },
  { name: `projects page ${lastPage} (last)`, path: '/api/projects', body: list({ page: lastPage }) },
  { name: 'projects topic filter', path: '/api/projects', body: list({ filters: { topics: ['topic-7'] } }) },
  { name: 'projects name A-Z', path: '/api/projects', body: list({ sortField: 'name', order: 'ASC' }) },
  { name: 'GET /api/projects/topics', path: '/api/projects/topics' },
  // Searches: words matched by prefix (about 30 of the 100,000 projects), best match first; the same words
  // sorted by a figure with a topic filter on; and a typo, which no word matches, so similar names answer.
  {
    name: 'projects search',
    path: '/api/projects',
    body: list({ sortField: 'relevance', q: 'project 4242' }),
  },
  {
    name: 'projects search + filter',
    path: '/api/projects',
    body: list({ q: 'project 4242', filters: { topics: ['topic-42'], languages: [] } }),
  },
  {
    name: 'projects search, typo',
    path: '/api/projects',
    body: list({ sortField: 'relevance', q: 'projcet 4242' }),
  },
  { name: 'groups page 1', path: '/api/group-projects', body: groupList({}) },
  {
    name: 'groups filtered',
    path: '/api/group-projects',
    body: groupList({ topics: ['topic-3', 'topic-5'], skillLevels: ['Intermediate'], datePosted: 30 }),
  },
  // The uncached list cases (every one has the same latency target): each sort at its middle page, the
  // deepest walk; filters at their first and middle pages; the groups list with each filter.
  ...projectSorts.map(([sortField, order]) => ({
    name: `projects ${sortField} ${order} middle`,
    path: '/api/projects',
    body: list({ sortField, order }),
    page: 'middle' as const,
  })),
  {
    name: 'projects topic middle',
    path: '/api/projects',
    body: list({ filters: { topics: ['topic-7'] } }),
    page: 'middle',
  },
  {
    name: 'projects 2 topics',
    path: '/api/projects',
    body: list({ filters: { topics: ['topic-7', 'area-3'] } }),
  },
  { name: 'projects language p1', path: '/api/projects', body: list({ filters: { languages: ['Rust'] } }) },
  {
    name: 'projects language middle',
    path: '/api/projects',
    body: list({ filters: { languages: ['Rust'] } }),
    page: 'middle',
  },
  {
    name: 'projects 2 languages middle',
    path: '/api/projects',
    body: list({ sortField: 'name', order: 'ASC', filters: { languages: ['Go', 'Rust'] } }),
    page: 'middle',
  },
  {
    name: 'projects topic+language',
    path: '/api/projects',
    body: list({ filters: { topics: ['topic-7'], languages: ['Ruby', 'Go'] } }),
  },
  { name: 'projects new p1', path: '/api/projects', body: list({ showNew: true }) },
  { name: 'projects new middle', path: '/api/projects', body: list({ showNew: true }), page: 'middle' },
  {
    name: 'projects new+language last',
    path: '/api/projects',
    body: list({ showNew: true, filters: { languages: ['Go'] } }),
    page: 'last',
  },
  { name: 'groups middle', path: '/api/group-projects', body: groupList({}), page: 'middle' },
  { name: 'groups last', path: '/api/group-projects', body: groupList({}), page: 'last' },
  {
    name: 'groups oldest middle',
    path: '/api/group-projects',
    body: groupList({ order: 'ASC' }),
    page: 'middle',
  },
  {
    name: 'groups saves middle',
    path: '/api/group-projects',
    body: groupList({ sortField: 'saves' }),
    page: 'middle',
  },
  {
    name: 'groups saves ASC middle',
    path: '/api/group-projects',
    body: groupList({ sortField: 'saves', order: 'ASC' }),
    page: 'middle',
  },
  {
    name: 'groups topic middle',
    path: '/api/group-projects',
    body: groupList({ topics: ['topic-3'] }),
    page: 'middle',
  },
  {
    name: 'groups skill middle',
    path: '/api/group-projects',
    body: groupList({ skillLevels: ['Beginner', 'Advanced'] }),
    page: 'middle',
  },
  {
    name: 'groups private middle',
    path: '/api/group-projects',
    body: groupList({ visibility: 'private' }),
    page: 'middle',
  },
  {
    name: 'groups 30 days middle',
    path: '/api/group-projects',
    body: groupList({ datePosted: 30 }),
    page: 'middle',
  },
  {
    name: 'groups search',
    path: '/api/group-projects',
    body: { sortField: 'relevance', order: 'DESC', page: 1, q: 'group 4242' },
  },
];
