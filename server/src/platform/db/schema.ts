import type { ColumnType, Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Kept by hand beside the migrations that create them: a migration that
 * changes a table changes its interface here in the same commit.
 */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  oauth_used_states: OAuthUsedStatesTable;
  github_repo_cache: GitHubRepoCacheTable;
  projects: ProjectsTable;
  project_saves: ProjectSavesTable;
  project_requests: ProjectRequestsTable;
  project_request_requesters: ProjectRequestRequestersTable;
  project_issue_cache: ProjectIssueCacheTable;
  sync_runs: SyncRunsTable;
  sync_failures: SyncFailuresTable;
  group_projects: GroupProjectsTable;
  group_members: GroupMembersTable;
  group_join_requests: GroupJoinRequestsTable;
  group_saves: GroupSavesTable;
  group_invites: GroupInvitesTable;
  group_removals: GroupRemovalsTable;
  group_reports: GroupReportsTable;
  messages: MessagesTable;
  message_mentions: MessageMentionsTable;
  audit_log: AuditLogTable;
  topic_counts: TopicCountsTable;
  search_words: SearchWordsTable;
  project_list_counts: ProjectListCountsTable;
  group_list_counts: GroupListCountsTable;
  issues: IssuesTable;
  issue_claims: IssueClaimsTable;
  project_contributors: ProjectContributorsTable;
  notifications: NotificationsTable;
  project_mentors: ProjectMentorsTable;
  mentor_asks: MentorAsksTable;
  mail_settings: MailSettingsTable;
  mail_confirmations: MailConfirmationsTable;
}

/** A user's notification email and digest (migration 0019). */
export interface MailSettingsTable {
  user_id: number;
  email: string;
  confirmed_at: Date | null;
  digest: ColumnType<'instant' | 'daily' | 'off', 'instant' | 'daily' | 'off' | undefined>;
  /** The last notification a digest carried: the next one starts after it. */
  digest_after_id: ColumnType<number, number | undefined, number>;
  last_digest_at: Date | null;
  lease_until: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** A confirmation mail the mail server did not take: the digest rounds try again (migration 0022). */
  confirmation_due: ColumnType<boolean, boolean | undefined, boolean>;
}

/** One confirmation mail the site tried to send, for its limits (migration 0022). */
export interface MailConfirmationsTable {
  id: Generated<number>;
  user_id: number | null;
  email: string;
  sent_at: ColumnType<Date, Date | undefined, Date>;
}

/** How many projects carry each topic, kept by triggers on projects (migration 0010). */
/** The words each list's search can find (migration 0021). */
export interface SearchWordsTable {
  list: 'projects' | 'groups';
  word: string;
}

export interface TopicCountsTable {
  topic: string;
  projects: number;
}

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface UsersTable {
  id: Generated<number>;
  github_id: number;
  login: string;
  name: string | null;
  avatar_url: string | null;
  github_token_encrypted: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** A made-up person of the demo community (migration 0026): never signs in, gone with the demo. */
  is_demo: Generated<boolean>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: 'logout' | 'replaced' | 'idle' | 'absolute' | null;
}

export interface OAuthUsedStatesTable {
  state: string;
  expires_at: Date;
}

export interface GitHubRepoCacheTable {
  user_id: number;
  /** JSON of PublicRepo[] (contracts): written with JSON.stringify, read back parsed. */
  repos: ColumnType<unknown, string, string>;
  fetched_at: Date;
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

export interface GroupProjectsTable {
  id: Generated<number>;
  title: string;
  description: string;
  repo_ext: string | null;
  topics: ColumnType<string[], string[], string[]>;
  skill_level: 'Beginner' | 'Intermediate' | 'Advanced' | 'Any level';
  visibility: 'public' | 'private';
  discord_url: string | null;
  max_members: number | null;
  owner_id: number;
  member_count: Generated<number>;
  saves: Generated<number>;
  date_posted: CreatedAt;
  /** Set when a moderator hides the group (migration 0006). */
  hidden_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the owner last edited the group (migration 0014); null if never. */
  edited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The owner's question to people asking to join (migration 0017); null for none. */
  join_question: ColumnType<string | null, string | null | undefined, string | null>;
  /** What its owner set (migration 0016): `open`, `closed` (no new members) or `archived` (read-only). */
  status: ColumnType<'open' | 'closed' | 'archived', 'open' | 'closed' | 'archived' | undefined>;
  /** The weighted words of the row, kept by the database (migration 0009): only for searching. */
  search: ColumnType<string, never, never>;
  /** A group of the demo community (migration 0026), around a demo project: gone with the demo. */
  is_demo: Generated<boolean>;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
  role: 'owner' | 'member';
  joined_at: CreatedAt;
  /** The newest board message this member has read (migration 0007); null before the first. */
  last_read_message_id: Generated<number | null>;
}

export interface GroupJoinRequestsTable {
  id: Generated<number>;
  group_id: number;
  user_id: number;
  status: Generated<'pending' | 'approved' | 'rejected' | 'cancelled'>;
  created_at: CreatedAt;
  decided_at: Date | null;
  /** The owner's note on their decision (migration 0015), shown to the requester. */
  note: Generated<string | null>;
  /** The requester's answer to the group's question (migration 0017); null for none. */
  message: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An invite link to a group (migration 0017): its secret kept hashed for checking, sealed for the owner. */
export interface GroupInvitesTable {
  id: Generated<number>;
  group_id: number;
  created_by: number;
  secret_hash: string;
  secret_sealed: string;
  created_at: CreatedAt;
  expires_at: Date;
  max_uses: number | null;
  uses: Generated<number>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A member the owner removed, barred from joining again until allowed back (migration 0024). */
export interface GroupRemovalsTable {
  group_id: number;
  user_id: number;
  removed_by: number | null;
  reason: string | null;
  /** Removing again refreshes it. */
  removed_at: ColumnType<Date, Date | undefined, Date>;
}

export interface GroupSavesTable {
  user_id: number;
  group_id: number;
  created_at: CreatedAt;
}

export interface GroupReportsTable {
  id: Generated<number>;
  group_id: number;
  group_title: string;
  reporter_id: number;
  reason: string;
  status: Generated<'open' | 'dismissed' | 'actioned'>;
  created_at: CreatedAt;
  closed_at: Date | null;
  /** What closed it (migration 0006): a moderator's decision, or the owner deleting the group. */
  outcome: 'dismissed' | 'hidden' | 'deleted' | 'deleted-by-owner' | null;
}

export interface MessagesTable {
  id: Generated<number>;
  room: string;
  /** Exactly one of group_id and project_id (migration 0027): a group's board or a project's room. */
  group_id: ColumnType<number | null, number | null | undefined, never>;
  project_id: ColumnType<number | null, number | null | undefined, never>;
  author_id: number | null;
  client_id: string;
  body: string;
  created_at: CreatedAt;
  /** Migration 0018: the author's last edit; a deletion (by author, owner or moderator), its body then ''. */
  edited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Who a message has told of a mention (migration 0023): once per message and person. */
export interface MessageMentionsTable {
  message_id: number;
  user_id: number;
}

/** Append-only (migration 0006): inserted by code, never updated or deleted (a trigger refuses both). */
export interface AuditLogTable {
  id: Generated<number>;
  at: CreatedAt;
  actor_id: number | null;
  actor_login: string;
  action: string;
  object_type: string;
  object_id: string;
  reason: string | null;
  details: ColumnType<unknown, string | undefined, never>;
}

/** Kept by triggers (migration 0012): the projects per topic ('' = all) and language ('' = none). */
export interface ProjectListCountsTable {
  topic: string;
  language: string;
  projects: number;
  with_contributors: number;
  with_used_by: number;
}

/** Kept by triggers (migration 0012): the listable groups per topic ('' = all), skill level and visibility. */
export interface GroupListCountsTable {
  topic: string;
  skill_level: string;
  visibility: string;
  /** As lists show it: `open`, `full`, `closed` or `archived` (migration 0016). */
  status: string;
  groups: number;
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

/** Who said "I'd like to contribute here" on a project's page (migration 0025). */
export interface ProjectContributorsTable {
  project_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/** One in-app notification (migration 0015); see notifications/service.ts. */
export interface NotificationsTable {
  id: Generated<number>;
  recipient_id: number;
  kind: string;
  actor_id: number | null;
  group_id: number | null;
  project_request_id: number | null;
  /** The message it leads to (migration 0027): a mention in a project's room, a question to its mentors. */
  message_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The object's title when the event happened: a deleted group is still named. */
  subject: string;
  note: string | null;
  created_at: CreatedAt;
  read_at: Date | null;
}

/** A project's mentor (migration 0028): what they help with and how many newcomers at a time. */
export interface ProjectMentorsTable {
  project_id: number;
  user_id: number;
  help_with: string;
  capacity: number;
  created_at: CreatedAt;
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
