import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** What the groups repositories read with: the database, or a transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The SQL form of the policy's `read-card` rule, the one filter every list applies: a group a moderator hid is
 * in no list, except its owner's own lists when `ownerId` says whose they are.
 */
export function listable(eb: ExpressionBuilder<DB, 'group_projects'>, ownerId: number | null = null) {
  const notHidden = eb('group_projects.hidden_at', 'is', null);
  return ownerId === null ? notHidden : eb.or([notHidden, eb('group_projects.owner_id', '=', ownerId)]);
}

/**
 * The SQL form of what the policy lets nobody signed in read of a group, its card and its page (`read-card` and
 * `read-info` for the actor `anonymous`): public and not hidden, whatever its status (an archived group's page
 * stays readable). What search engines may be told of (the sitemap); `sitemap.test.ts` holds the two
 * forms together.
 */
export function publiclyReadable(eb: ExpressionBuilder<DB, 'group_projects'>) {
  return eb.and([listable(eb), eb('group_projects.visibility', '=', 'public')]);
}

/** The columns every group answer needs, with its owner. */
export function selectGroup(db: Executor) {
  return db
    .selectFrom('group_projects')
    .innerJoin('users as owner', 'owner.id', 'group_projects.owner_id')
    .selectAll('group_projects')
    .select(['owner.login as owner_login', 'owner.avatar_url as owner_avatar_url']);
}

export type GroupRow = Awaited<ReturnType<ReturnType<typeof selectGroup>['executeTakeFirstOrThrow']>>;
