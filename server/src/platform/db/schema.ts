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
