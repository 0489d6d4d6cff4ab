import type { PublicRepo } from '@openlfg/contracts';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, UserProfilesTable } from '../platform/db/schema.js';

/** What a profile stores, as written by its owner's save (the repositories' part included). */
export type ProfileValues = Omit<Insertable<UserProfilesTable>, 'user_id' | 'updated_at'>;

/** Profiles' SQL: the user behind a login, their profile row, and what the profile page lists of them. */
export function createProfilesRepository(db: Kysely<DB>) {
  return {
    db,

    /** The user with this login (GitHub's logins ignore case); demo people included. */
    findUser(login: string) {
      return db
        .selectFrom('users')
        .select(['id', 'login', 'name', 'avatar_url'])
        .where(sql<boolean>`lower(login) = lower(${login})`)
        .orderBy('id')
        .executeTakeFirst();
    },

    findUserById(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'login', 'name', 'avatar_url'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    readProfile(userId: number) {
      return db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** The public repositories last read from GitHub for the user (accounts' cache), if any. */
    async cachedRepos(userId: number): Promise<PublicRepo[] | null> {
      const row = await db
        .selectFrom('github_repo_cache')
        .select('repos')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? (row.repos as PublicRepo[]) : null;
    },

    async saveProfile(userId: number, values: ProfileValues) {
      return db
        .insertInto('user_profiles')
        .values({ ...values, user_id: userId })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Whether `ownerId` owns a group that `userId` asked to join (any answer since): who sees a profile shown
     * only to the groups one asks to join.
     */
    async askedToJoinGroupOf(userId: number, ownerId: number): Promise<boolean> {
      const row = await db
        .selectFrom('group_join_requests')
        .innerJoin('group_projects', 'group_projects.id', 'group_join_requests.group_id')
        .select('group_join_requests.id')
        .where('group_join_requests.user_id', '=', userId)
        .where('group_projects.owner_id', '=', ownerId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Public groups the user is in (not hidden), newest first. */
    publicGroups(userId: number) {
      return db
        .selectFrom('group_members')
        .innerJoin('group_projects', 'group_projects.id', 'group_members.group_id')
        .select(['group_projects.id', 'group_projects.title'])
        .where('group_members.user_id', '=', userId)
        .where('group_projects.visibility', '=', 'public')
        .where('group_projects.hidden_at', 'is', null)
        .orderBy('group_members.joined_at', 'desc')
        .limit(50)
        .execute();
    },

    /** The issues the user claims now. */
    activeClaims(userId: number) {
      return db
        .selectFrom('issue_claims')
        .innerJoin('issues', 'issues.id', 'issue_claims.issue_id')
        .innerJoin('projects', 'projects.id', 'issues.project_id')
        .select(['issues.title', 'issues.url', 'projects.repo_ext'])
        .where('issue_claims.user_id', '=', userId)
        .where('issue_claims.expires_at', '>', sql<Date>`now()`)
        .orderBy('issue_claims.claimed_at', 'desc')
        .limit(50)
        .execute();
    },

    /** The projects the user mentors. */
    mentoring(userId: number) {
      return db
        .selectFrom('project_mentors')
        .innerJoin('projects', 'projects.id', 'project_mentors.project_id')
        .select(['projects.repo_ext', 'project_mentors.help_with'])
        .where('project_mentors.user_id', '=', userId)
        .orderBy('project_mentors.created_at')
        .limit(50)
        .execute();
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
export type ProfileRow = NonNullable<Awaited<ReturnType<ProfilesRepository['readProfile']>>>;
