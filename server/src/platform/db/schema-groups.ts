import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './schema-columns.js';

/* The group projects' tables: groups, members, requests, invites, removals, saves, reports, boards' messages. (see schema.ts) */

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
  /** What the group needs (migration 0033): skills as topic names, a UTC offset window (minutes; null for
   * any timezone) and hours a week. */
  needs_skills: ColumnType<string[], string[] | undefined, string[]>;
  timezone_from: ColumnType<number | null, number | null | undefined, number | null>;
  timezone_to: ColumnType<number | null, number | null | undefined, number | null>;
  hours_per_week: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its last activity: posted, edited, or its board's latest message (at most hourly); for ranking. */
  active_at: ColumnType<Date, Date | undefined, Date>;
}

/** An owner's invitation of someone they found under "People for your group" (migration 0033). */
export interface GroupPersonInvitationsTable {
  id: Generated<number>;
  group_id: number;
  inviter_id: number;
  invitee_id: number;
  invite_id: number | null;
  sent_at: CreatedAt;
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

/** Kept by triggers (migration 0012): the listable groups per topic ('' = all), skill level and visibility. */
export interface GroupListCountsTable {
  topic: string;
  skill_level: string;
  visibility: string;
  /** As lists show it: `open`, `full`, `closed` or `archived` (migration 0016). */
  status: string;
  groups: number;
}
