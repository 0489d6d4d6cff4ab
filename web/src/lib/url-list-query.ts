import { BEST_MATCH_SORT, MAX_FILTER_TOPICS, SEARCH_MAX_LENGTH, TOPIC_PATTERN } from '@openlfg/contracts';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The pieces both lists (projects, group projects) use to keep their controls in the address bar, so a link
 * shows the same list and Back undoes a change. Defaults are left out of the URL, and a value that does not parse
 * falls back to its default without a word.
 */

interface SortOption {
  sortField: string;
  order: 'ASC' | 'DESC';
}

/** A stable key per sort option (`contributors-desc`), so links survive a change in the options' order. */
export function sortKeyOf(option: SortOption): string {
  return `${option.sortField}-${option.order.toLowerCase()}`;
}

/** A list's sort options with their keys; the first is the default, and an unknown key falls back to it. */
export function sortChoicesOf<Options extends readonly [SortOption, ...SortOption[]]>(options: Options) {
  type Option = Options[number];
  const choices = options.map((option: Option) => ({ key: sortKeyOf(option), ...option }));
  const first: Option = options[0];
  const fallback = { key: sortKeyOf(first), ...first };
  return {
    choices,
    defaultKey: fallback.key,
    choiceOf: (key: string) => choices.find((choice) => choice.key === key) ?? fallback,
  };
}

/** The search box's text: searching when it holds more than spaces (a blank search is no search). */
export function isSearching(q: string): boolean {
  return q.trim() !== '';
}

/**
 * A list's sort options with Best match, which is offered (first) and the default only while the list is
 * searched: the server refuses it without a search. An unknown key falls back to the default of the moment.
 */
export function searchableSortChoicesOf<Options extends readonly [SortOption, ...SortOption[]]>(
  options: Options,
) {
  const sorts = sortChoicesOf(options);
  const best = { key: sortKeyOf(BEST_MATCH_SORT), ...BEST_MATCH_SORT };
  const defaultKeyFor = (q: string) => (isSearching(q) ? best.key : sorts.defaultKey);
  return {
    bestMatchKey: best.key,
    defaultKey: sorts.defaultKey,
    defaultKeyFor,
    /** The choices the sort select offers for the search `q`. */
    choicesFor: (q: string) => (isSearching(q) ? [best, ...sorts.choices] : sorts.choices),
    choiceOf: (key: string, q: string) => {
      if (isSearching(q) && key === best.key) return best;
      const choice = sorts.choices.find((candidate) => candidate.key === key);
      return choice ?? (isSearching(q) ? best : sorts.choiceOf(sorts.defaultKey));
    },
    /**
     * What a new search changes: starting one chooses Best match; ending one leaves Best match for the default.
     * Another sort the user chose stays. The page goes back to 1, as with any change.
     */
    searchChange(current: { q: string; sort: string }, q: string): { q: string; sort: string } {
      const text = q.trim();
      if (!isSearching(text))
        return { q: '', sort: current.sort === best.key ? sorts.defaultKey : current.sort };
      return { q: text, sort: isSearching(current.q) ? current.sort : best.key };
    },
  };
}

/** `q` from the address: trimmed, at most the server's length, without control characters. */
export function parseSearch(value: string | null): string {
  if (value === null) return '';
  return value
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, SEARCH_MAX_LENGTH)
    .trim();
}

/** `q=...` for the search, or nothing when there is none. */
export function searchParam(q: string): string[] {
  return isSearching(q) ? [`q=${encodeURIComponent(q.trim())}`] : [];
}

const MAX_PAGE = 1_000_000;
const topicPattern = new RegExp(TOPIC_PATTERN);

/** A comma-separated parameter: each item trimmed and accepted or dropped, duplicates once, at most `max`. */
export function parseList<T extends string>(
  value: string | null,
  max: number,
  accept: (item: string) => T | null,
): T[] {
  if (value === null) return [];
  const items: T[] = [];
  for (const raw of value.split(',')) {
    const item = accept(raw.trim());
    if (item && !items.includes(item)) items.push(item);
  }
  return items.slice(0, max);
}

/** Topics as stored (lowercase), the ones that could not be a topic dropped. */
export function parseTopics(value: string | null): string[] {
  return parseList(value, MAX_FILTER_TOPICS, (item) => {
    const topic = item.toLowerCase();
    return topicPattern.test(topic) ? topic : null;
  });
}

export function parsePage(value: string | null): number {
  if (value === null || !/^\d{1,7}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** `name=a,b` for a list parameter, or nothing when the list is empty. */
export function listParam(name: string, values: readonly string[]): string[] {
  return values.length > 0 ? [`${name}=${values.map(encodeURIComponent).join(',')}`] : [];
}

/** The query string of `parts`, with a leading '?', or '' when there are none (everything at its default). */
export function queryString(parts: string[]): string {
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export interface ListQueryChangeOptions {
  /** Replace the history entry instead of adding one (for corrections the user did not ask for). */
  replace?: boolean;
}

/**
 * A list's controls, read from and written to the URL. For a paged list, a change that does not name a page goes
 * back to page 1: new filters make the old page number meaningless. (A list paged by cursor keeps no page there.)
 */
export function useUrlListQuery<Q extends object>(
  parse: (search: string) => Q,
  format: (query: Q) => string,
) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => parse(search), [parse, search]);

  const hrefFor = useCallback(
    (changes: Partial<Q>) => {
      const firstPage = 'page' in query ? { page: 1 } : {};
      return `${pathname}${format({ ...query, ...firstPage, ...changes })}`;
    },
    [pathname, query, format],
  );

  const update = useCallback(
    (changes: Partial<Q>, { replace = false }: ListQueryChangeOptions = {}) => {
      // The list stays where the user is looking: no jump to the top of the page on a filter change.
      void navigate(hrefFor(changes), { replace, preventScrollReset: true });
    },
    [navigate, hrefFor],
  );

  return { query, hrefFor, update };
}

/**
 * The search box's handler for a list: a new search with its sort (`searchChange`). Starting or clearing a
 * search adds a history entry; refining one (more letters) replaces it, so Back leaves the search in one step
 * rather than a letter at a time.
 */
export function useListSearch<Q extends { q: string; sort: string; page: number }>(
  sorts: Pick<ReturnType<typeof searchableSortChoicesOf>, 'searchChange'>,
  query: Q,
  update: (changes: Partial<Q>, options?: ListQueryChangeOptions) => void,
) {
  return useCallback(
    (q: string) =>
      update(sorts.searchChange(query, q) as Partial<Q>, { replace: isSearching(query.q) && isSearching(q) }),
    [sorts, query, update],
  );
}
