import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, type ReactNode, type RefObject } from 'react';
import { isSearching } from '../lib/url-list-query';
import { HighlightSearch } from './Highlight';
import { NoSearchMatches } from './NoSearchMatches';
import { PagedResults, type PagedAnswer } from './PagedResults';
import { SearchedFor } from './SearchedFor';
import styles from './ResultStates.module.css';

export interface SearchableResultsProps<T, Answer extends PagedAnswer<T> & { searchedFor: string | null }> {
  /** The section's accessible name ("Project results"). */
  label: string;
  /** What is listed, in the plural ("projects"). */
  what: string;
  result: UseQueryResult<Answer>;
  /** The page and the search the address asks for, and whether any filter is set. */
  page: number;
  q: string;
  filtered: boolean;
  hrefForPage: (page: number) => string;
  /** Puts another page in the address; `replace` when the server served another page than asked. */
  onPage: (page: number, options: { replace: true }) => void;
  onPageChange: () => void;
  topRef: RefObject<HTMLElement | null>;
  onClear: () => void;
  onClearSearch: () => void;
  /** What to try when nothing matches the filters ("Try fewer filters, or clear them."). */
  filteredHint: string;
  /** The empty state of a list with nothing in it yet. */
  nothingYet: ReactNode;
  /** What heads the page's items (the count, notes). */
  summary: (answer: Answer, busy: boolean) => ReactNode;
  /** The page's items, with the search's words marked. */
  children: (answer: Answer, busy: boolean) => ReactNode;
}

/**
 * One page of a searchable, filterable list (projects, group projects): its pages and states, the empty state
 * that fits (no match for the search, none for the filters, nothing yet), the search as the server read it, and
 * the search's words marked in the items.
 */
export function SearchableResults<T, Answer extends PagedAnswer<T> & { searchedFor: string | null }>({
  label,
  what,
  result,
  page,
  q,
  filtered,
  hrefForPage,
  onPage,
  onPageChange,
  topRef,
  onClear,
  onClearSearch,
  filteredHint,
  nothingYet,
  summary,
  children,
}: SearchableResultsProps<T, Answer>) {
  // Past the last page the server serves the last one: the address says which, without a new history entry.
  const onServedPage = useCallback((served: number) => onPage(served, { replace: true }), [onPage]);
  return (
    <PagedResults<T, Answer>
      label={label}
      what={what}
      result={result}
      page={page}
      onServedPage={onServedPage}
      hrefForPage={hrefForPage}
      onPageChange={onPageChange}
      topRef={topRef}
      summary={summary}
      empty={
        isSearching(q) ? (
          <NoSearchMatches what={what} q={q} filtered={filtered} onClearSearch={onClearSearch} />
        ) : filtered ? (
          <>
            <p className={styles.emptyTitle}>No {what} match these filters.</p>
            <p className={styles.emptyText}>{filteredHint}</p>
            <button type="button" className={styles.emptyAction} onClick={onClear}>
              Clear filters
            </button>
          </>
        ) : (
          nothingYet
        )
      }
    >
      {(answer, busy) => (
        <>
          <SearchedFor typed={q} searchedFor={answer.searchedFor} />
          <HighlightSearch search={answer.searchedFor ?? q}>{children(answer, busy)}</HighlightSearch>
        </>
      )}
    </PagedResults>
  );
}
