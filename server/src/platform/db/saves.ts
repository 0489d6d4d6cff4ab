import { sql, type Transaction } from 'kysely';
import type { DB } from './schema.js';

/** Where each kind of thing keeps its save rows, and the table whose `saves` column counts them. */
const SAVES = {
  project: { rows: 'project_saves', key: 'project_id', counted: 'projects' },
  group: { rows: 'group_saves', key: 'group_id', counted: 'group_projects' },
} as const;

/**
 * Saves or unsaves a project or a group for the user and keeps its `saves` counter exact: the counter moves only
 * when the save row changed, so repeats and races count once. Answers whether it changed and the count
 * (undefined when the thing does not exist). Call it in a transaction that keeps the thing from being deleted.
 */
export async function setSaved(
  trx: Transaction<DB>,
  kind: keyof typeof SAVES,
  userId: number,
  id: number,
  saved: boolean,
): Promise<{ changed: boolean; saves: number | undefined }> {
  const { rows, key, counted } = SAVES[kind];
  const change = saved
    ? sql`insert into ${sql.table(rows)} (user_id, ${sql.ref(key)}) values (${userId}, ${id})
          on conflict do nothing returning 1`
    : sql`delete from ${sql.table(rows)} where user_id = ${userId} and ${sql.ref(key)} = ${id} returning 1`;
  const changed = (await change.execute(trx)).rows.length > 0;
  const count = changed
    ? sql<{ saves: number }>`update ${sql.table(counted)} set saves = saves + ${saved ? 1 : -1}
                             where id = ${id} returning saves`
    : sql<{ saves: number }>`select saves from ${sql.table(counted)} where id = ${id}`;
  const [row] = (await count.execute(trx)).rows;
  return { changed, saves: row?.saves };
}
