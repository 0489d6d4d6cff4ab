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
