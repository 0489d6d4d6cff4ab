import type {
  UsersTable,
  UserBlocksTable,
  UserReportsTable,
  SessionsTable,
  OAuthUsedStatesTable,
  GitHubRepoCacheTable,
  AuditLogTable,
  NotificationsTable,
  MailSettingsTable,
  MailConfirmationsTable,
  UserProfilesTable,
} from './schema-accounts.js';
import type {
  ProjectsTable,
  ProjectRecentIssuesTable,
  ProjectSavesTable,
  ProjectRequestsTable,
  ProjectRequestRequestersTable,
  ProjectIssueCacheTable,
  SyncRunsTable,
  SyncFailuresTable,
  TopicCountsTable,
  SearchWordsTable,
  ProjectListCountsTable,
  IssuesTable,
  IssueClaimsTable,
  IssueRecheckHoursTable,
  ProjectContributorsTable,
  ProjectMentorsTable,
  MentorAsksTable,
  MentorNewcomersTable,
  WebhookDeliveriesTable,
  GitHubInstallationsTable,
  IssueAlertsTable,
  IssueAlertKeysTable,
  IssueAlertMatchesTable,
} from './schema-catalogue.js';
import type {
  GroupProjectsTable,
  GroupMembersTable,
  GroupJoinRequestsTable,
  GroupSavesTable,
  GroupInvitesTable,
  GroupRemovalsTable,
  GroupReportsTable,
  MessagesTable,
  MessageMentionsTable,
  GroupListCountsTable,
  GroupPersonInvitationsTable,
} from './schema-groups.js';

export type * from './schema-accounts.js';
export type * from './schema-catalogue.js';
export type * from './schema-groups.js';

/**
 * The tables as Kysely sees them. Kept by hand beside the migrations that create them: a migration that
 * changes a table changes its interface in the same commit (`schema-accounts.ts`, `schema-catalogue.ts`,
 * `schema-groups.ts`).
 */
export interface DB {
  users: UsersTable;
  user_blocks: UserBlocksTable;
  user_reports: UserReportsTable;
  sessions: SessionsTable;
  oauth_used_states: OAuthUsedStatesTable;
  github_repo_cache: GitHubRepoCacheTable;
  projects: ProjectsTable;
  project_saves: ProjectSavesTable;
  project_requests: ProjectRequestsTable;
  project_request_requesters: ProjectRequestRequestersTable;
  project_issue_cache: ProjectIssueCacheTable;
  project_recent_issues: ProjectRecentIssuesTable;
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
  issue_recheck_hours: IssueRecheckHoursTable;
  project_contributors: ProjectContributorsTable;
  notifications: NotificationsTable;
  project_mentors: ProjectMentorsTable;
  mentor_asks: MentorAsksTable;
  mentor_newcomers: MentorNewcomersTable;
  issue_alerts: IssueAlertsTable;
  issue_alert_keys: IssueAlertKeysTable;
  issue_alert_matches: IssueAlertMatchesTable;
  mail_settings: MailSettingsTable;
  mail_confirmations: MailConfirmationsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  github_installations: GitHubInstallationsTable;
  user_profiles: UserProfilesTable;
  group_person_invitations: GroupPersonInvitationsTable;
}
