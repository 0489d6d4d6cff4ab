import type { PublicRepo } from '@openlfg/contracts';
import { sql, type Kysely } from 'kysely';
import type { GitHubIdentity } from '../github/sign-in-provider.js';
import type { DB, SessionsTable } from '../platform/db/schema.js';

export type EndReason = NonNullable<SessionsTable['end_reason']>;

export function createAccountsRepository(db: Kysely<DB>) {
  return {
    /**
     * Creates or refreshes the user GitHub identified. GitHub logins can be renamed and then taken by someone
     * else: a stale row holding the login is renamed out of the way in the same transaction.
     */
    async upsertUser(identity: GitHubIdentity, sealedToken: string) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ login: sql<string>`login || '~' || github_id`, updated_at: new Date() })
          .where(sql<boolean>`lower(login) = lower(${identity.login})`)
          .where('github_id', '<>', identity.githubId)
          .execute();
        return trx
          .insertInto('users')
          .values({
            github_id: identity.githubId,
            login: identity.login,
            name: identity.name,
            avatar_url: identity.avatarUrl,
            github_token_encrypted: sealedToken,
          })
          .onConflict((oc) =>
            oc.column('github_id').doUpdateSet({
              login: identity.login,
              name: identity.name,
              avatar_url: identity.avatarUrl,
              github_token_encrypted: sealedToken,
              updated_at: new Date(),
            }),
          )
          .returning(['id', 'github_id', 'login', 'name', 'avatar_url'])
          .executeTakeFirstOrThrow();
      });
    },

    findUserById(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'github_id', 'login', 'name', 'avatar_url', 'github_token_encrypted'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The moderator's reason when the GitHub account's user here is suspended; null when they are not. */
    async suspensionOf(githubId: number): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select(['suspended_at', 'suspension_reason'])
        .where('github_id', '=', githubId)
        .executeTakeFirst();
      return row?.suspended_at ? (row.suspension_reason ?? '') : null;
    },

    /** Records an OAuth state as spent. False when it already was: a replayed sign-in. */
    async spendState(state: string, expiresAt: Date): Promise<boolean> {
      const inserted = await db
        .insertInto('oauth_used_states')
        .values({ state, expires_at: expiresAt })
        .onConflict((oc) => oc.column('state').doNothing())
        .returning('state')
        .executeTakeFirst();
      // Spent states are only needed until they would have expired anyway.
      await db.deleteFrom('oauth_used_states').where('expires_at', '<', new Date()).execute();
      return inserted !== undefined;
    },

    insertSession(session: { idHash: string; userId: number; expiresAt: Date }) {
      return db
        .insertInto('sessions')
        .values({ id_hash: session.idHash, user_id: session.userId, expires_at: session.expiresAt })
        .execute();
    },

    findSession(idHash: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id_hash',
          'sessions.user_id',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'sessions.ended_at',
          'users.login',
          'users.name',
          'users.avatar_url',
          'users.suspended_at',
        ])
        .where('sessions.id_hash', '=', idHash)
        .executeTakeFirst();
    },

    touchSession(idHash: string, at: Date) {
      return db.updateTable('sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
    },

    /** Which of these sessions are neither ended nor past their timeouts (the realtime channel asks). */
    async activeSessionHashes(idHashes: string[], idleSince: Date, at: Date): Promise<Set<string>> {
      if (idHashes.length === 0) return new Set();
      const rows = await db
        .selectFrom('sessions')
        .select('id_hash')
        .where('id_hash', 'in', idHashes)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', at)
        .where('last_seen_at', '>', idleSince)
        .execute();
      return new Set(rows.map((row) => row.id_hash));
    },

    endSession(idHash: string, reason: EndReason) {
      return db
        .updateTable('sessions')
        .set({ ended_at: new Date(), end_reason: reason })
        .where('id_hash', '=', idHash)
        .where('ended_at', 'is', null)
        .execute();
    },

    /** Ended sessions are kept a while to answer 403 rather than 401; after that they are noise. */
    deleteSessionsEndedBefore(cutoff: Date) {
      return db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('ended_at', '<', cutoff), eb('expires_at', '<', cutoff)]))
        .execute();
    },

    async readRepoCache(userId: number): Promise<{ repos: PublicRepo[]; fetchedAt: Date } | undefined> {
      const row = await db
        .selectFrom('github_repo_cache')
        .select(['repos', 'fetched_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && { repos: row.repos as PublicRepo[], fetchedAt: row.fetched_at };
    },

    writeRepoCache(userId: number, repos: PublicRepo[], fetchedAt: Date) {
      const json = JSON.stringify(repos);
      return db
        .insertInto('github_repo_cache')
        .values({ user_id: userId, repos: json, fetched_at: fetchedAt })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ repos: json, fetched_at: fetchedAt }))
        .execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
