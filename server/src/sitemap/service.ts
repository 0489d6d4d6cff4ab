import type { SitemapKind, SitemapRepository, SitemapRow } from './repository.js';
import { SITEMAP_MAX_URLS, sitemapIndex, URLSET_END, URLSET_START, urlEntry } from './xml.js';

export interface SitemapOptions {
  /** The site's public origin (PUBLIC_URL): every address in a sitemap is absolute. */
  publicUrl: string;
  /** Addresses per sitemap file, at most the protocol's 50,000; tests make it small. */
  pageSize?: number;
  /** Rows read per query while a page streams: what memory holds at once. */
  batchSize?: number;
}

/** The site's pages nobody should be sent to by a search engine: the API and what is one person's own. */
const PRIVATE_PATHS = ['/api/', '/admin', '/settings/', '/notifications', '/invite/', '/my-projects'];

export const SITEMAP_KINDS: readonly SitemapKind[] = ['projects', 'groups'];

/**
 * What search engines read: `/robots.txt`, the sitemap index and its pages, every project's page and every
 * group page anybody may read. There is no caller to check: each is the same for everyone, and what a group
 * page may show anybody is the groups policy's, which the repository applies in SQL (`publiclyReadable`).
 */
export function createSitemapService(repository: SitemapRepository, options: SitemapOptions) {
  const pageSize = Math.min(options.pageSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const batchSize = Math.min(options.batchSize ?? 1000, pageSize);
  const origin = options.publicUrl.replace(/\/+$/, '');
  const pageAddress = (row: SitemapRow) =>
    row.repoExt === null
      ? `${origin}/group-projects/${row.id}`
      : `${origin}/projects/${row.repoExt.split('/').map(encodeURIComponent).join('/')}`;

  /** One page's XML, a batch of rows at a time: the first row is known to exist. */
  async function* pageXml(kind: SitemapKind, firstId: number): AsyncGenerator<string> {
    yield URLSET_START;
    let left = pageSize;
    let fromId = firstId;
    while (left > 0) {
      const rows = await repository.rowsFrom(kind, fromId, Math.min(batchSize, left));
      if (rows.length === 0) break;
      yield rows.map((row) => urlEntry(pageAddress(row), row.lastmod)).join('');
      left -= rows.length;
      fromId = (rows.at(-1)?.id ?? fromId) + 1;
      if (rows.length < batchSize) break;
    }
    yield URLSET_END;
  }

  return {
    pageSize,

    /** The index: as many files of each kind as its rows fill, none for a kind without rows. */
    async index(): Promise<string> {
      const locations: string[] = [];
      for (const kind of SITEMAP_KINDS) {
        const pages = Math.ceil((await repository.count(kind)) / pageSize);
        for (let n = 1; n <= pages; n++) locations.push(`${origin}/sitemaps/${kind}-${n}.xml`);
      }
      return sitemapIndex(locations);
    },

    /** A sitemap file's XML as it is read, or null when the kind has no page `n` (a 404). */
    async page(kind: SitemapKind, n: number): Promise<AsyncIterable<string> | null> {
      const firstId = await repository.idAt(kind, (n - 1) * pageSize);
      return firstId === null ? null : pageXml(kind, firstId);
    },

    robots(): string {
      return [
        'User-agent: *',
        ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
