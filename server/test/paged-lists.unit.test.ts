import { describe, expect, it } from 'vitest';
import { PagedLists, type PagedListSource } from '../src/platform/paged-lists.js';

/** A list of `total` numbers whose count and rows wait until `open()`, counting the loads. */
function gatedSource(total: number) {
  const loads = { count: 0, rows: 0 };
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const source: PagedListSource<number> = {
    async count() {
      loads.count++;
      await gate;
      return total;
    },
    async rows(page) {
      loads.rows++;
      await gate;
      return [page * 10, page * 10 + 1];
    },
    present: (row) => ({ row }),
  };
  return { source, loads, open: () => open() };
}

describe('PagedLists', () => {
  it('lets concurrent askers of one page share one count and one read of its rows', async () => {
    const lists = new PagedLists(30_000);
    const { source, loads, open } = gatedSource(40);
    const askers = Array.from({ length: 10 }, () => lists.answer('filter', 2, 20, source));
    open();
    const answers = await Promise.all(askers);
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0] ?? '')).toEqual({
      data: [{ row: 20 }, { row: 21 }],
      totalPages: 2,
      pageLocation: 2,
      total: 40,
    });
    expect(loads).toEqual({ count: 1, rows: 1 });
  });

  it('shares one count among the pages of a filter asked at once', async () => {
    const lists = new PagedLists(30_000);
    const { source, loads, open } = gatedSource(100);
    const askers = [1, 2, 3].map((page) => lists.answer('filter', page, 20, source));
    open();
    await Promise.all(askers);
    expect(loads).toEqual({ count: 1, rows: 3 });
  });

  it('reads the pages again after clearPages() but keeps the counts; clear() drops both', async () => {
    const lists = new PagedLists(30_000);
    const { source, loads, open } = gatedSource(40);
    open();
    await lists.answer('filter', 1, 20, source);
    await lists.answer('filter', 1, 20, source);
    expect(loads).toEqual({ count: 1, rows: 1 });
    lists.clearPages();
    await lists.answer('filter', 1, 20, source);
    expect(loads).toEqual({ count: 1, rows: 2 });
    lists.clear();
    await lists.answer('filter', 1, 20, source);
    expect(loads).toEqual({ count: 2, rows: 3 });
  });
});
