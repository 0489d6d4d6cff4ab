import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './schema-columns.js';

/* The catalogue's tables: projects, their saves and requests, the sync's runs, issues and claims, the list counts. (see schema.ts) */

/** The words each list's search can find (migration 0021). */
export interface SearchWordsTable {
  list: 'projects' | 'groups';
  word: string;
}

/** How many projects carry each topic, kept by triggers on projects (migration 0010). */
export interface TopicCountsTable {
  topic: string;
  projects: number;
}

export interface ProjectsTable {
  id: Generated<number>;
  repo_ext: string;
  name: string;
  description: string | null;
  language: string | null;
  /** The language was taken from a topic (migration 0010), not from GitHub; the sync's real one replaces it. */
  language_derived: Generated<boolean>;
  topics: ColumnType<string[], string[] | undefined, string[]>;
  stars: number | null;
  forks: number | null;
  contributors: number | null;
  used_by: number | null;
  saves: Generated<number>;
  open_issues: number | null;
  beginner_issues: number | null;
  license: string | null;
  last_push_at: Date | null;
  archived: Generated<boolean>;
  is_demo: Generated<boolean>;
  source: string | null;
  added_at: CreatedAt;
  last_synced_at: Date | null;
  contributors_etag: string | null;
  unreachable_at: Date | null;
  sync_attempted_at: Date | null;
  /** Since when the project is new to the catalogue; null when it came with a bulk import or the demo. */
  new_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The weighted words of the row, kept by the database (migration 0009): only for searching. */
  search: ColumnType<string, never, never>;
  maintainer_median_hours: number | null;
  responsiveness_at: Date | null;
  /** The name sort's bucket, kept by the database from `project_name_bounds` (migration 0020). */
  name_bucket: ColumnType<number, never, never>;
  /** The GitHub App installation that covers the project (migration 0029); null when none does. */
  github_installation_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProjectSavesTable {
  user_id: number;
  project_id: number;
  created_at: CreatedAt;
}

export interface ProjectRequestsTable {
  id: Generated<number>;
  repo_ext: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  created_at: CreatedAt;
  decided_at: Date | null;
  decided_by: number | null;
  decision_reason: string | null;
}

export interface ProjectRequestRequestersTable {
  request_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/** A project's recent issues, for its responsiveness (migration 0038). */
export interface ProjectRecentIssuesTable {
  project_id: number;
  /** JSON of RecentIssue[] (catalog/sync/responsiveness.ts), newest first. */
  issues: ColumnType<unknown, string, string>;
}

export interface ProjectIssueCacheTable {
  project_id: number;
  /** JSON of ProjectIssue[] without the linked-PR flag, which comes from linked_issue_numbers. */
  issues: ColumnType<unknown, string, string>;
  issues_etag: string | null;
  pulls_etag: string | null;
  linked_issue_numbers: ColumnType<unknown, string | undefined, string>;
  fetched_at: Date;
}

export type SyncRunStatus = 'running' | 'completed' | 'interrupted' | 'failed';

export interface SyncRunsTable {
  id: Generated<number>;
  started_at: CreatedAt;
  cycle_started_at: Date;
  finished_at: Date | null;
  status: Generated<SyncRunStatus>;
  projects_total: Generated<number>;
  projects_synced: Generated<number>;
  projects_failed: Generated<number>;
  github_remaining: number | null;
  github_reset_at: Date | null;
  github_graphql_remaining: number | null;
  github_graphql_reset_at: Date | null;
  ecosystems_remaining: number | null;
  error: string | null;
  resume_after: Date | null;
}

export type SyncFailureKind = 'unreachable' | 'github' | 'ecosystems';

export interface SyncFailuresTable {
  id: Generated<number>;
  run_id: number;
  project_id: number | null;
  repo_ext: string;
  kind: SyncFailureKind;
  reason: string;
  at: CreatedAt;
}

/** Kept by triggers (migration 0012): the projects per topic ('' = all) and language ('' = none). */
export interface ProjectListCountsTable {
  topic: string;
  language: string;
  projects: number;
  with_contributors: number;
  with_used_by: number;
}

/** An open beginner issue of a project, as the sync last read it (0013). */
export interface IssuesTable {
  id: Generated<number>;
  project_id: number;
  number: number;
  title: string;
  url: string;
  /** JSON of [{ name, color }]: written with JSON.stringify, read back parsed. */
  labels: ColumnType<unknown, string, string>;
  label_names: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Date;
  updated_at: Date;
  comments: Generated<number>;
  assignee: string | null;
  assigned_at: Date | null;
  pull_request_number: number | null;
  pull_request_url: string | null;
  pull_request_by: string | null;
  pull_request_at: Date | null;
  claim_comment_by: string | null;
  claim_comment_at: Date | null;
  github_taken_until: ColumnType<Date, Date | string | undefined, Date | string>;
  claimed_until: ColumnType<Date, Date | string | undefined, Date | string>;
  open: Generated<boolean>;
  left_at: Date | null;
  is_demo: Generated<boolean>;
  synced_at: Generated<Date>;
  /** When a recheck on view last asked GitHub about it (0032); null: never. */
  checked_at: Date | null;
  /** Copied from the project by triggers: never written directly. */
  project_language: Generated<string | null>;
  project_topics: Generated<string[]>;
  project_archived: Generated<boolean>;
  project_pushed_at: Generated<Date | null>;
  project_median_hours: Generated<number | null>;
}

export interface IssueClaimsTable {
  issue_id: number;
  user_id: number;
  /** Reset when a lapsed claim is taken again. */
  claimed_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: ColumnType<Date, Date | undefined, Date>;
}

/** A user's saved finder search that tells them of new matching issues (migration 0031); see server/src/alerts. */
export interface IssueAlertsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  languages: string[];
  topics: string[];
  label: string | null;
  not_taken: boolean;
  answers_within_week: boolean;
  updated_within_days: number | null;
  project_id: number | null;
  include_quiet: boolean;
  created_at: CreatedAt;
  notified_at: Date | null;
}

/** One match key of an alert, with the filters the key leaves to check (migration 0031); see server/src/alerts. */
export interface IssueAlertKeysTable {
  key: string;
  alert_id: number;
  topics: string[];
  not_taken: boolean;
  answers_within_week: boolean;
  include_quiet: boolean;
  updated_within_days: number | null;
}

/** A new issue matched by an alert, waiting for the alert's next notification (migration 0031). */
export interface IssueAlertMatchesTable {
  alert_id: number;
  issue_id: number;
  matched_at: CreatedAt;
}

/** Who said "I'd like to contribute here" on a project's page (migration 0025). */
export interface ProjectContributorsTable {
  project_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/** A project's mentor (migration 0028): what they help with and how many newcomers at a time. */
export interface ProjectMentorsTable {
  project_id: number;
  user_id: number;
  help_with: string;
  capacity: number;
  created_at: CreatedAt;
}

/** A newcomer whose question reached this mentor, and when they last asked (migration 0037). */
export interface MentorNewcomersTable {
  project_id: number;
  mentor_id: number;
  newcomer_id: number;
  /** Written again by each question. */
  last_asked_at: UpdatedAt;
}

/** One question a user asked a project's mentors (migration 0028): counted for the limit on asking. */
export interface MentorAsksTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  message_id: number;
  mentors_told: number;
  asked_at: CreatedAt;
}

/** Rechecks on view counted per hour, against the hourly budget every node shares (0032). */
export interface IssueRecheckHoursTable {
  hour: Date;
  used: Generated<number>;
}

/** A GitHub webhook delivery applied once (migration 0029): its id, so a redelivery changes nothing. */
export interface WebhookDeliveriesTable {
  delivery_id: string;
  event: string;
  received_at: CreatedAt;
}

/** A GitHub App installation (migration 0029): projects it covers carry its id. */
export interface GitHubInstallationsTable {
  id: number;
  account_login: string | null;
  created_at: CreatedAt;
}
