export type PageItem = number | 'gap';

/**
 * The page links to show: always the first and last pages, the current one with `siblings` either side, and
 * a gap where pages are left out. A gap never hides a single page (1 2 3 rather than 1 … 3).
 * pageItems(6, 20) -> [1, 'gap', 5, 6, 7, 'gap', 20]
 */
export function pageItems(current: number, total: number, siblings = 1): PageItem[] {
  if (total <= 1) return [1];
  const start = Math.max(1, current - siblings);
  const end = Math.min(total, current + siblings);
  const pages = new Set<number>([1, total]);
  for (let page = start; page <= end; page += 1) pages.add(page);
  // A gap of exactly one page is shown as that page.
  if (start === 3) pages.add(2);
  if (end === total - 2) pages.add(total - 1);

  const items: PageItem[] = [];
  let previous = 0;
  for (const page of [...pages].sort((a, b) => a - b)) {
    if (page - previous > 1) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}
