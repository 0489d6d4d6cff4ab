import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './schema-columns.js';

/* The tables of people: users and their sessions, sign-in state, mail settings, notifications, the audit log. (see schema.ts) */

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
  /** A moderator suspended the account (migration 0036): signed out, refused at sign-in with the reason. */
  suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One person blocking another (migration 0035). */
export interface UserBlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: CreatedAt;
}

/** A user's report on another user (migration 0036), as moderators read it beside reports on groups. */
export interface UserReportsTable {
  id: Generated<number>;
  user_id: number;
  reporter_id: number;
  reason: string;
  status: Generated<'open' | 'dismissed' | 'actioned'>;
  created_at: CreatedAt;
  closed_at: Date | null;
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
  /** A new-issues alert's (migration 0031): how many new issues it tells of, and the finder's query showing them. */
  issue_count: ColumnType<number | null, number | null | undefined, number | null>;
  finder_query: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Who may see a profile beyond its GitHub fields (migration 0033). */
export type ProfileVisibility = 'signed-in' | 'requested-groups';

/** A user's profile beside their GitHub identity (migration 0033); no row is the empty profile. */
export interface UserProfilesTable {
  user_id: number;
  /** Skills the user adds, as topic names. */
  skills: ColumnType<string[], string[] | undefined, string[]>;
  /** The languages and topics of their public repositories, as GitHub names them, for showing. */
  repo_languages: ColumnType<string[], string[] | undefined, string[]>;
  repo_topics: ColumnType<string[], string[] | undefined, string[]>;
  /** The same under canonical topic names, for matching. */
  repo_skills: ColumnType<string[], string[] | undefined, string[]>;
  /** skills || repo_skills, kept by the database. */
  match_skills: ColumnType<string[], never, never>;
  timezone: string | null;
  utc_offset_minutes: number | null;
  hours_per_week: number | null;
  learning: string | null;
  looking_for_group: ColumnType<boolean, boolean | undefined, boolean>;
  pitch: string | null;
  visible_to: ColumnType<ProfileVisibility, ProfileVisibility | undefined, ProfileVisibility>;
  show_claims: ColumnType<boolean, boolean | undefined, boolean>;
  show_mentoring: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: UpdatedAt;
}
