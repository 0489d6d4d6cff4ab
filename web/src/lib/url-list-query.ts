import { MAX_FILTER_TOPICS, TOPIC_PATTERN } from '@openlfg/contracts';
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
