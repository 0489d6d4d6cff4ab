import { AnswerCache } from './answer-cache.js';

/** What a list's count statement answers: how many match, or that with more figures read in the same pass. */
export type ListCounts = number | { total: number };

export interface PagedListSource<Row, Counts extends ListCounts = number> {
  count(): Promise<Counts>;
  /** The rows of `page`, given the list's total (see the repositories' page()) and the rest of its counts. */
  rows(page: number, total: number, counts: Counts): Promise<Row[]>;
  present(row: Row): unknown;
  /** Fields the answer carries beside the page, from the counts. */
  extra?(counts: Counts): Record<string, unknown>;
}

/**
 * The public, paged lists (projects, group projects): the same for everyone, so each page is kept as the JSON
 * text it is sent as, and each filter's count (the dear part) serves all of its pages. A page past the end
 * serves the last one. Concurrent askers of one page share one load, and the pages of one filter one count.
 * `clearPages()` when a write changes rows but not how many match; `clear()` otherwise.
 */
export class PagedLists {
  private readonly pages: AnswerCache<string>;
  private readonly counts: AnswerCache<ListCounts>;

  constructor(ttlMs: number) {
    this.pages = new AnswerCache<string>({ ttlMs, maxEntries: 1000 });
    this.counts = new AnswerCache<ListCounts>({ ttlMs, maxEntries: 1000 });
  }

  /**
   * `{ data, totalPages, pageLocation, total }` (and the source's `extra` fields) as JSON text, for one filter
   * (`filterKey`) and page.
   */
  answer<Row, Counts extends ListCounts = number>(
    filterKey: string,
    page: number,
    pageSize: number,
    source: PagedListSource<Row, Counts>,
  ): Promise<string> {
    return this.pages.getOrLoad(`${filterKey}#${page}`, async () => {
      // One filter's counts are always loaded by the same source: the cached value has its type.
      const counts = (await this.counts.getOrLoad(filterKey, () => source.count())) as Counts;
      const total = typeof counts === 'number' ? counts : counts.total;
      const totalPages = Math.max(1, Math.ceil(total / pageSize));
      const pageLocation = Math.min(page, totalPages);
      const rows = await source.rows(pageLocation, total, counts);
      return JSON.stringify({
        data: rows.map((row) => source.present(row)),
        totalPages,
        pageLocation,
        total,
        ...source.extra?.(counts),
      });
    });
  }

  clearPages(): void {
    this.pages.clear();
  }

  clear(): void {
    this.pages.clear();
    this.counts.clear();
  }
}
