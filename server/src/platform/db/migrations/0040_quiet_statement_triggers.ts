import { sql, type Kysely } from 'kysely';

/**
 * Two triggers made a post to a group's board about 0.7 ms slower, inside the room's lock (issue 29's board A/B):
 *
 * - A message's insert ran `update group_projects ... where id = (... skip locked)` every time, though it
 *   changes the group's `active_at` at most once an hour. An update statement fires the statement-level count
 *   triggers below even when it changes no row. The message now looks first, and updates only when the hour
 *   has passed.
 * - The list counts' statement triggers (0012) called their `*_shift` SQL function, planned anew on each call,
 *   for statements that changed no row. They now return at once when the statement's transition table is empty:
 *   no row added or removed moves no count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceActivityTrigger(db, true);
  await replaceTrack(db, 'group_projects', 'group_list_counts', 'groups', true);
  await replaceTrack(db, 'projects', 'project_list_counts', 'projects', true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceActivityTrigger(db, false);
  await replaceTrack(db, 'group_projects', 'group_list_counts', 'groups', false);
  await replaceTrack(db, 'projects', 'project_list_counts', 'projects', false);
}

/** 0033's activity trigger function, with (`lookFirst`) or without the look before its update. */
async function replaceActivityTrigger(db: Kysely<unknown>, lookFirst: boolean): Promise<void> {
  const hourPassed = sql`id = new.group_id and active_at < new.created_at - interval '1 hour'`;
  const update = sql`
      update group_projects set active_at = new.created_at
      where id = (select id from group_projects where ${hourPassed} for no key update skip locked);`;
  await sql`
    create or replace function group_active_on_message() returns trigger language plpgsql as $$
    begin
      ${lookFirst ? sql`if exists (select 1 from group_projects where ${hourPassed}) then ${update} end if;` : update}
      return null;
    end $$`.execute(db);
}

/** 0012's count trigger function, with (`skipEmpty`) or without the early return for a statement of no rows. */
async function replaceTrack(
  db: Kysely<unknown>,
  table: string,
  counts: string,
  bucketList: string,
  skipEmpty: boolean,
): Promise<void> {
  const type = sql.raw(table);
  const shift = sql.raw(`${counts}_shift`);
  const none = (rows: string) =>
    skipEmpty ? sql`if not exists (select 1 from ${sql.raw(rows)}) then return null; end if;` : sql``;
  await sql`
    create or replace function ${sql.id(`${counts}_track`)}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${none('new_rows')}
        perform ${shift}(array(select n::${type} from new_rows n), '{}');
      elsif tg_op = 'UPDATE' then
        ${none('new_rows')}
        perform ${shift}(array(select n::${type} from new_rows n), array(select o::${type} from old_rows o));
      elsif tg_op = 'DELETE' then
        ${none('old_rows')}
        perform ${shift}('{}', array(select o::${type} from old_rows o));
      else
        delete from ${sql.raw(counts)};
        delete from list_sort_buckets where list like ${sql.lit(`${bucketList}.%`)};
      end if;
      return null;
    end $$`.execute(db);
}
