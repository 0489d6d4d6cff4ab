import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorState } from './QueryErrorState';
import { Spinner } from './Spinner';
import styles from './QueryList.module.css';

export interface QueryListProps<T> {
  /** The query the items come from: its loading and error states are shown in the list's place. */
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch'>;
  /** The items once loaded (the caller's pick from the query's answer). */
  items: readonly T[] | undefined;
  /** What is listed, in the plural ("invite links"): "Loading invite links", "The invite links could not be loaded." */
  what: string;
  /** What an empty list says ("Nobody has been removed from this group."). */
  empty: ReactNode;
  /** The list itself, given at least one item. */
  children: (items: readonly T[]) => ReactNode;
}

/**
 * A short list loaded by one query, with its loading, error and empty states: the frame of the group owner's
 * lists (pending requests, invite links, removed members). What the items look like is the caller's.
 */
export function QueryList<T>({ query, items, what, empty, children }: QueryListProps<T>) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} />;
  if (query.isError) return <QueryErrorState query={query} what={what} />;
  if (!items || items.length === 0) return <p className={styles.empty}>{empty}</p>;
  return <>{children(items)}</>;
}
