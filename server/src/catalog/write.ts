import { languageFromTopics } from '@openlfg/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { removeDemoCommunity } from './demo-community.js';
import { NAME_BUCKET_ROWS } from '../platform/db/sort-buckets.js';
import { normaliseTopics, repoKey, type CatalogEntry } from './sources/index.js';

const realNew = sql`(excluded.language is not null and not excluded.language_derived)`;
const realOld = sql`(projects.language is not null and not projects.language_derived)`;

/** Rows per INSERT: large enough to be quick, small enough to keep each statement's parameters modest. */
const BATCH_SIZE = 200;

export interface WriteSummary {
  added: number;
  updated: number;
  /** Issues the entries listed that the finder did not have yet. */
  issues: number;
}

/**
 * Adds catalogue entries as projects, or updates the projects they name (matched case-insensitively), so
 * importing the same catalogue twice changes nothing the second time. A figure the entry does not know
 * (null) never overwrites one the project has, except on demo rows, whose made-up figures always give way.
 */
export async function writeCatalogEntries(
  db: Kysely<DB>,
  entries: readonly CatalogEntry[],
  options: { isDemo?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<WriteSummary> {
  const summary: WriteSummary = { added: 0, updated: 0, issues: 0 };
  // Topics under their canonical names whoever made the entry (a parser, a moderator's approval, a test).
  const unique = [
    ...new Map(
      entries.map((e) => [repoKey(e.repoExt), { ...e, topics: normaliseTopics(e.topics) }]),
    ).values(),
  ];
  // A real catalogue replaces the demo: the made-up people and groups around the demo projects go first.
  if (!options.isDemo && unique.length > 0) {
    await db.transaction().execute((trx) => removeDemoCommunity(trx));
  }
  for (let start = 0; start < unique.length; start += BATCH_SIZE) {
    const batch = unique.slice(start, start + BATCH_SIZE);
    const rows = await db
      .insertInto('projects')
      .values(
        batch.map((entry) => ({
          repo_ext: entry.repoExt,
          name: entry.name ?? entry.repoExt.split('/')[1] ?? entry.repoExt,
          description: entry.description,
          // Until the sync says, a language a topic names (marked derived) rather than none.
          language: entry.language ?? languageFromTopics(entry.topics),
          language_derived: entry.language === null && languageFromTopics(entry.topics) !== null,
          topics: entry.topics,
          stars: entry.stars,
          forks: entry.forks,
          license: entry.license,
          last_push_at: entry.lastPushAt,
          open_issues: entry.openIssues,
          beginner_issues: entry.beginnerIssues,
          is_demo: options.isDemo ?? false,
          source: entry.source,
          contributors: null,
          used_by: null,
          // A bulk import is the catalogue, not news in it: new only from a date the source gives.
          new_since: entry.listedAt ?? null,
        })),
      )
      .onConflict((oc) =>
        oc.expression(sql`lower(repo_ext)`).doUpdateSet(() => {
          const keep = <T>(column: keyof DB['projects'] & string) =>
            sql<T>`case when projects.is_demo then excluded.${sql.ref(column)}
                     else coalesce(excluded.${sql.ref(column)}, projects.${sql.ref(column)}) end`;
          return {
            name: sql<string>`case when excluded.name is distinct from split_part(excluded.repo_ext, '/', 2)
                           then excluded.name else projects.name end`,
            description: keep<string | null>('description'),
            // A real language (the catalogue's or the sync's) is never replaced by a derived one; a derived one
            // gives way to a real one, or to one derived from newer topics.
            language: sql<string | null>`case when ${realNew} or projects.is_demo then excluded.language
                                         when ${realOld} then projects.language
                                         else coalesce(excluded.language, projects.language) end`,
            language_derived: sql<boolean>`case when ${realNew} or projects.is_demo then excluded.language_derived
                                           when ${realOld} then false
                                           else coalesce(excluded.language, projects.language) is not null end`,
            topics: sql<string[]>`case when cardinality(excluded.topics) > 0 or projects.is_demo
                             then excluded.topics else projects.topics end`,
            stars: keep<number | null>('stars'),
            forks: keep<number | null>('forks'),
            license: keep<string | null>('license'),
            last_push_at: keep<Date | null>('last_push_at'),
            open_issues: keep<number | null>('open_issues'),
            beginner_issues: keep<number | null>('beginner_issues'),
            // No catalogue knows these two (only a sync does): a demo row's made-up ones go, a synced row's stay.
            contributors: sql<number | null>`case when projects.is_demo then excluded.contributors
                                              else projects.contributors end`,
            used_by: sql<
              number | null
            >`case when projects.is_demo then excluded.used_by else projects.used_by end`,
            is_demo: sql<boolean>`projects.is_demo and excluded.is_demo`,
            source: sql<string | null>`coalesce(projects.source, excluded.source)`,
          };
        }),
      )
      .returning(['id', 'repo_ext', sql<boolean>`(xmax = 0)`.as('inserted')])
      .execute();
    for (const row of rows) {
      if (row.inserted) summary.added++;
      else summary.updated++;
    }
    summary.issues += await writeFirstIssues(db, batch, rows);
    options.onProgress?.(Math.min(start + BATCH_SIZE, unique.length), unique.length);
  }
  // New names fall into the name sort's buckets by place: after a large import, draw them again if one has
  // grown too large for a deep page to walk (migration 0020).
  if (summary.added > 0) await sql`select project_name_buckets_rebalance(${NAME_BUCKET_ROWS})`.execute(db);
  return summary;
}

/**
 * The issues a catalogue lists (forgoodfirstissue's generated.json does) become their projects' first issues
 * in the finder: added when the finder does not have them, never over what a sync stored; they replace the
 * demo's made-up issues of the same project. The next sync keeps those still open with a beginner label.
 */
async function writeFirstIssues(
  db: Kysely<DB>,
  batch: readonly CatalogEntry[],
  projects: readonly { id: number; repo_ext: string }[],
): Promise<number> {
  const ids = new Map(projects.map((p) => [repoKey(p.repo_ext), p.id]));
  const listed = batch.filter((entry) => entry.issues.length > 0 && ids.has(repoKey(entry.repoExt)));
  if (listed.length === 0) return 0;
  const projectIds = listed.map((entry) => ids.get(repoKey(entry.repoExt)) ?? 0);
  await db.deleteFrom('issues').where('project_id', 'in', projectIds).where('is_demo', '=', true).execute();
  const rows = listed.flatMap((entry) =>
    entry.issues.map((issue) => ({
      project_id: ids.get(repoKey(entry.repoExt)) ?? 0,
      number: issue.number,
      title: issue.title,
      url: issue.url,
      labels: JSON.stringify(issue.labels.map((name) => ({ name, color: null }))),
      label_names: issue.labels.map((name) => name.toLowerCase()),
      created_at: issue.createdAt,
      // The catalogue does not say when it was last updated: its creation is the last activity known.
      updated_at: issue.createdAt,
      comments: issue.comments,
    })),
  );
  const inserted = await db
    .insertInto('issues')
    .values(rows)
    .onConflict((oc) => oc.columns(['project_id', 'number']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}
