import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * Whether `blocker` blocked `blocked` (user_blocks; each a column or a value, null for nobody): a block as the
 * groups' policy facts read it (`blockedByOwner`, groups/access-repository.ts) and as the matching lists leave
 * people apart ("Groups for you", "People for your group"). Written once so that all mean the same block.
 */
export function blockedSql(
  blocker: Expression<number | null>,
  blocked: Expression<number | null>,
): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from user_blocks b where b.blocker_id = ${blocker} and b.blocked_id = ${blocked}
  )`;
}
