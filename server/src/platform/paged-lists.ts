import { AnswerCache } from './answer-cache.js';

export interface PagedListSource<Row> {
  count(): Promise<number>;
  /** The rows of `page`, given the list's total (see the repositories' page()). */
  rows(page: number, total: number): Promise<Row[]>;
  present(row: Row): unknown;
}

/**
 * The public, paged lists (projects, group projects): the same for everyone, so each page is kept as the JSON
 * text it is sent as, and each filter's count (the dear part) serves all of its pages. A page past the end
 * serves the last one. Concurrent askers of one page share one load, and the pages of one filter one count.
 * `clearPages()` when a write changes rows but not how many match; `clear()` otherwise.
 */
export class PagedLists {
  private readonly pages: AnswerCache<string>;
  private readonly counts: AnswerCache<number>;

  constructor(ttlMs: number) {
    this.pages = new AnswerCache<string>({ ttlMs, maxEntries: 1000 });
    this.counts = new AnswerCache<number>({ ttlMs, maxEntries: 1000 });
  }

  /** `{ data, totalPages, pageLocation, total }` as JSON text, for one filter (`filterKey`) and page. */
  answer<Row>(
    filterKey: string,
    page: number,
    pageSize: number,
    source: PagedListSource<Row>,
  ): Promise<string> {
    return this.pages.getOrLoad(`${filterKey}#${page}`, async () => {
      const total = await this.counts.getOrLoad(filterKey, () => source.count());
      const totalPages = Math.max(1, Math.ceil(total / pageSize));
      const pageLocation = Math.min(page, totalPages);
      const rows = await source.rows(pageLocation, total);
      return JSON.stringify({
        data: rows.map((row) => source.present(row)),
        totalPages,
        pageLocation,
        total,
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
