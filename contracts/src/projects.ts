import {
  MAX_FILTER_LANGUAGES,
  MAX_FILTER_TOPICS,
  MAX_TOPIC_SEARCH_RESULTS,
  SEARCH_MAX_LENGTH,
  TOPIC_PATTERN,
} from './constants.js';
import { REPO_EXT_PATTERN } from './string-patterns.js';
import { Type, type Static } from 'typebox';
import { IssueClaimInfo, Responsiveness, TakenSignal } from './issue-signals.js';
import { Nullable, Text } from './schema-helpers.js';

export const ProjectSortField = Type.Union([
  Type.Literal('contributors'),
  Type.Literal('name'),
  Type.Literal('used_by'),
  Type.Literal('saves'),
  /** Issues labelled for newcomers (good first issue and its kin), most first whatever `order` says. */
  Type.Literal('beginner_issues'),
  /** Best match for `q`, most relevant first whatever `order` says; only with a search. */
  Type.Literal('relevance'),
]);
export type ProjectSortField = Static<typeof ProjectSortField>;

export const SortOrder = Type.Union([Type.Literal('ASC'), Type.Literal('DESC')]);
export type SortOrder = Static<typeof SortOrder>;

/**
 * A search of a list: words matched by prefix anywhere in the searched fields, or a name close to it when no word
 * matches (a typo). Blank is no search.
 */
export const SearchText = Text({ maxLength: SEARCH_MAX_LENGTH });

/**
 * A list answer's `searchedFor`: the words the list was searched by when some of the search's words are nowhere
 * in the list and were replaced by the closest words it has (a typo: "projcet" searched as "project"); null when
 * the search was taken as typed, or there was none.
 */
export const SearchedFor = Nullable(Type.String());

const TopicName = Type.String({ pattern: TOPIC_PATTERN, maxLength: 50 });
const LanguageName = Text({ minLength: 1, maxLength: 50 });

export const ProjectListFilters = Type.Object(
  {
    /** A project matches when it has every one of these topics. */
    topics: Type.Array(TopicName, { maxItems: MAX_FILTER_TOPICS, default: [] }),
    /** A project matches when its primary language is any one of these. */
    languages: Type.Array(LanguageName, { maxItems: MAX_FILTER_LANGUAGES, default: [] }),
  },
  { additionalProperties: false },
);
export type ProjectListFilters = Static<typeof ProjectListFilters>;

export const ProjectListRequest = Type.Object(
  {
    sortField: ProjectSortField,
    order: SortOrder,
    filters: Type.Optional(ProjectListFilters),
    page: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    showNew: Type.Optional(Type.Boolean()),
    /** Searches the name, owner/name, description and topics. */
    q: Type.Optional(SearchText),
  },
  { additionalProperties: false },
);
export type ProjectListRequest = Static<typeof ProjectListRequest>;

export const Project = Type.Object({
  projectId: Type.Integer(),
  /** `owner/name` on GitHub. */
  repoExt: Type.String(),
  projectUrl: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  language: Nullable(Type.String()),
  /**
   * The language was taken from one of the project's topics (it names a language), not from GitHub: shown as
   * such until the catalogue sync reads the real one.
   */
  languageDerived: Type.Boolean(),
  topics: Type.Array(Type.String()),
  /** Figures are null when unknown (not yet synced, or the source does not say), never a made-up 0. */
  stars: Nullable(Type.Integer()),
  forks: Nullable(Type.Integer()),
  contributors: Nullable(Type.Integer()),
  usedBy: Nullable(Type.Integer()),
  saves: Type.Integer({ minimum: 0 }),
  openIssues: Nullable(Type.Integer()),
  beginnerIssues: Nullable(Type.Integer()),
  license: Nullable(Type.String()),
  lastPushAt: Nullable(Type.String({ format: 'date-time' })),
  archived: Type.Boolean(),
  addedAt: Type.String({ format: 'date-time' }),
  /**
   * Since when the project is new to the catalogue (approved from a request, added later): the "New" badge and
   * filter read it, for NEW_PROJECT_DAYS. Null for projects of a bulk import or the demo, which are never new.
   */
  newSince: Nullable(Type.String({ format: 'date-time' })),
  /** When a catalogue sync last brought the project's figures; null until one reaches it. */
  lastSyncedAt: Nullable(Type.String({ format: 'date-time' })),
  /** True for the demo catalogue seeded into an empty database: its figures are illustrative. */
  isDemo: Type.Boolean(),
});
export type Project = Static<typeof Project>;

export const ProjectListResponse = Type.Object({
  data: Type.Array(Project),
  totalPages: Type.Integer({ minimum: 1 }),
  /** The page actually served: a page past the end serves the last page. */
  pageLocation: Type.Integer({ minimum: 1 }),
  /** How many projects match, over all pages. */
  total: Type.Integer({ minimum: 0 }),
  /** How many of the `total` matching projects have each figure a sort can be by; the others come last. */
  known: Type.Object({
    contributors: Type.Integer({ minimum: 0 }),
    usedBy: Type.Integer({ minimum: 0 }),
  }),
  /**
   * True when the list is sorted by a figure none of the matching projects has: it is then served with the
   * most beginner issues first (any order is that sort's order when every value is unknown).
   */
  sortFallback: Type.Boolean(),
  /** When the last catalogue sync that brought figures ended; null when none has. */
  lastCatalogueSyncAt: Nullable(Type.String({ format: 'date-time' })),
  searchedFor: SearchedFor,
});
export type ProjectListResponse = Static<typeof ProjectListResponse>;

export const TopicCount = Type.Object({ topic: Type.String(), count: Type.Integer({ minimum: 1 }) });
export type TopicCount = Static<typeof TopicCount>;
/** Every topic in use, most used first. */
export const TopicsResponse = Type.Array(TopicCount);
export type TopicsResponse = Static<typeof TopicsResponse>;

export const TopicSearchQuery = Type.Object(
  {
    /** What was typed, spelled any way: it is folded and its aliases are searched by their canonical name. */
    q: Type.Optional(Text({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TOPIC_SEARCH_RESULTS })),
  },
  { additionalProperties: false },
);
export type TopicSearchQuery = Static<typeof TopicSearchQuery>;
/**
 * The topics matching a search: the one typed (or the canonical name of the alias typed) first, then those that
 * start with it, most used first, then near misses, closest first. With nothing typed, the most used.
 */
export const TopicSearchResponse = Type.Array(TopicCount);
export type TopicSearchResponse = Static<typeof TopicSearchResponse>;

export const LanguageCount = Type.Object({
  language: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  /** How many of them have the language only from a topic (not yet synced from GitHub). */
  derived: Type.Integer({ minimum: 0 }),
});
export type LanguageCount = Static<typeof LanguageCount>;
export const LanguagesResponse = Type.Object({
  /** Every language in use, most used first. */
  languages: Type.Array(LanguageCount),
  /** How many projects have a language, known from GitHub or derived from a topic. */
  known: Type.Integer({ minimum: 0 }),
  /** How many projects the catalogue holds. */
  total: Type.Integer({ minimum: 0 }),
});
export type LanguagesResponse = Static<typeof LanguagesResponse>;

export const ProjectIdBody = Type.Object(
  { projectId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) },
  { additionalProperties: false },
);
export type ProjectIdBody = Static<typeof ProjectIdBody>;

export const SaveProjectResponse = Type.Object({
  projectId: Type.Integer(),
  saved: Type.Boolean(),
  /** The project's save count after this change. */
  saves: Type.Integer({ minimum: 0 }),
});
export type SaveProjectResponse = Static<typeof SaveProjectResponse>;

export const SavedProjectsResponse = Type.Object({ data: Type.Array(Project) });
export type SavedProjectsResponse = Static<typeof SavedProjectsResponse>;

export const ProjectRequestBody = Type.Object(
  { projectUrl: Text({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type ProjectRequestBody = Static<typeof ProjectRequestBody>;

export const ProjectRequestResponse = Type.Object({
  repoExt: Type.String(),
  status: Type.Literal('pending'),
  /** How many users asked for this repository. */
  requesters: Type.Integer({ minimum: 1 }),
  /** False when this user had already asked (the request is idempotent). */
  created: Type.Boolean(),
});
export type ProjectRequestResponse = Static<typeof ProjectRequestResponse>;

export const ProjectIssuesQuery = Type.Object({
  repoExt: Type.String({ pattern: REPO_EXT_PATTERN, maxLength: 140 }),
});
export type ProjectIssuesQuery = Static<typeof ProjectIssuesQuery>;

export const IssueLabel = Type.Object({ name: Type.String(), color: Nullable(Type.String()) });
export type IssueLabel = Static<typeof IssueLabel>;

export const ProjectIssue = Type.Object({
  number: Type.Integer(),
  title: Type.String(),
  url: Type.String(),
  labels: Type.Array(IssueLabel),
  comments: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  author: Nullable(Type.String()),
  assignee: Nullable(Type.String()),
  /** A pull request already references the issue. */
  hasLinkedPullRequest: Type.Boolean(),
  /** Carries one of the beginner-friendly labels. */
  beginnerFriendly: Type.Boolean(),
  /** The finder's id for the issue, when the sync stores it (a beginner issue): what claims name. */
  issueId: Type.Optional(Nullable(Type.Integer())),
  /** Whether someone is on it, as the finder says; left out for issues the sync does not store. */
  taken: Type.Optional(TakenSignal),
  /** The caller's own claim on OpenLFG, else the earliest; null when none. Left out like `taken`. */
  claim: Type.Optional(Nullable(IssueClaimInfo)),
});
export type ProjectIssue = Static<typeof ProjectIssue>;

export const ProjectIssuesResponse = Type.Object({
  repoExt: Type.String(),
  issues: Type.Array(ProjectIssue),
  /** When GitHub last answered for these issues. */
  fetchedAt: Type.String({ format: 'date-time' }),
  /** True when GitHub could not be reached just now and this is the last answer it gave. */
  stale: Type.Boolean(),
  /** How fast the project's maintainers answer, as computed at the last sync; left out when never synced. */
  responsiveness: Type.Optional(Responsiveness),
});
export type ProjectIssuesResponse = Static<typeof ProjectIssuesResponse>;
