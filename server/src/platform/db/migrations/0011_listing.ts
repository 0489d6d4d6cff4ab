import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Since when a project is new to the catalogue: set when it joins on its own (a request approved, a
  // moderator's addition, a source's own date), null for what came with a bulk import or the demo seed,
  // which is the catalogue itself rather than news in it. Rows already here came that way: not new.
  await db.schema.alterTable('projects').addColumn('new_since', 'timestamptz').execute();
  // Only the few new projects are indexed: the "New" filter walks them alone.
  await sql`create index projects_new_since_idx on projects (new_since) where new_since is not null`.execute(
    db,
  );
  // The order a figure sort falls back to when no project has that figure yet (most beginner issues first,
  // in the list's exact terms: nulls last, id as the tie-break), so that list is an index walk too.
  await sql`create index projects_beginner_issues_desc_idx on projects (beginner_issues desc nulls last, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('projects_beginner_issues_desc_idx').execute();
  await db.schema.dropIndex('projects_new_since_idx').execute();
  await db.schema.alterTable('projects').dropColumn('new_since').execute();
}
