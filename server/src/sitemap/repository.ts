import { sql, type Kysely } from 'kysely';
import { publiclyReadable } from '../groups/repository.js';
import type { DB } from '../platform/db/schema.js';

/** A row of a sitemap page: what its address is made of, and when the page last changed. */
export interface SitemapRow {
  id: number;
  /** `owner/name` for a project; null for a group, whose address is its id. */
  repoExt: string | null;
  lastmod: Date | null;
}

export type SitemapKind = 'projects' | 'groups';

const countAll = sql<string>`count(*)`.as('n');

/**
 * The sitemap's reads, all by id order and keyset paged, so memory holds one batch whatever the catalogue's
 * size: every project (each has a page), and the groups anybody may read (the groups policy's SQL form).
 */
export function createSitemapRepository(db: Kysely<DB>) {
  const projects = () => db.selectFrom('projects');
  const groups = () => db.selectFrom('group_projects').where(publiclyReadable);
  return {
    async count(kind: SitemapKind): Promise<number> {
      const row = await (kind === 'projects'
        ? projects().select(countAll).executeTakeFirstOrThrow()
        : groups().select(countAll).executeTakeFirstOrThrow());
      return Number(row.n);
    },

    /**
     * The id of the row `offset` rows into the kind's id order (a page's first row), or null past the end. An
     * index-only walk of the primary key: a few milliseconds for the second of two pages of 50,000.
     */
    async idAt(kind: SitemapKind, offset: number): Promise<number | null> {
      const row = await (kind === 'projects'
        ? projects().select('id').orderBy('id').offset(offset).limit(1).executeTakeFirst()
        : groups().select('id').orderBy('id').offset(offset).limit(1).executeTakeFirst());
      return row ? Number(row.id) : null;
    },

    /** Up to `limit` rows from id `fromId` on (inclusive), in id order. */
    async rowsFrom(kind: SitemapKind, fromId: number, limit: number): Promise<SitemapRow[]> {
      if (kind === 'projects') {
        const rows = await projects()
          .select(['id', 'repo_ext', sql<Date>`coalesce(last_synced_at, added_at)`.as('lastmod')])
          .where('id', '>=', fromId)
          .orderBy('id')
          .limit(limit)
          .execute();
        return rows.map((r) => ({ id: Number(r.id), repoExt: r.repo_ext, lastmod: r.lastmod }));
      }
      const rows = await groups()
        .select(['id', sql<Date>`coalesce(edited_at, date_posted)`.as('lastmod')])
        .where('id', '>=', fromId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), repoExt: null, lastmod: r.lastmod }));
    },
  };
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
