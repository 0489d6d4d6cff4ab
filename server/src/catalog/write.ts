import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { repoKey, type CatalogEntry } from './sources/index.js';

/** Rows per INSERT: large enough to be quick, small enough to keep each statement's parameters modest. */
const BATCH_SIZE = 200;

export interface WriteSummary {
  added: number;
  updated: number;
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
  const summary: WriteSummary = { added: 0, updated: 0 };
  const unique = [...new Map(entries.map((e) => [repoKey(e.repoExt), e])).values()];
  for (let start = 0; start < unique.length; start += BATCH_SIZE) {
    const batch = unique.slice(start, start + BATCH_SIZE);
    const rows = await db
      .insertInto('projects')
      .values(
        batch.map((entry) => ({
          repo_ext: entry.repoExt,
          name: entry.name ?? entry.repoExt.split('/')[1] ?? entry.repoExt,
          description: entry.description,
          language: entry.language,
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
            language: keep<string | null>('language'),
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
      .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
      .execute();
    for (const row of rows) {
      if (row.inserted) summary.added++;
      else summary.updated++;
    }
    options.onProgress?.(Math.min(start + BATCH_SIZE, unique.length), unique.length);
  }
  return summary;
}
