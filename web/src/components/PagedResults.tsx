import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useEffect, type ReactNode, type RefObject } from 'react';
import { errorMessage } from '../lib/error-message';
import { ErrorState } from './ErrorState';
import { Pagination } from './Pagination';
import { Spinner } from './Spinner';
import styles from './ResultStates.module.css';

/** One page of a paged list, as the list endpoints answer it. */
export interface PagedAnswer<T> {
  data: T[];
  total: number;
  totalPages: number;
  pageLocation: number;
}

export interface PagedResultsProps<T, Answer extends PagedAnswer<T> = PagedAnswer<T>> {
  /** The section's accessible name ("Project results"). */
  label: string;
  /** What is listed, in the plural ("projects"): "Loading projects", "The projects could not be loaded." */
  what: string;
  result: UseQueryResult<Answer>;
  /** The page the address asks for. */
  page: number;
  /** The server served another page (past the last one it serves the last): the address should say which. */
  onServedPage: (page: number) => void;
  hrefForPage: (page: number) => string;
  onPageChange: () => void;
  /** The top of the results, brought into view when the user changes page. */
  topRef: RefObject<HTMLElement | null>;
  /** The content of the empty state (there is nothing, or nothing matches the filters). */
  empty: ReactNode;
  /** The line above the items, beside the top pages where a wide screen shows them ("12 projects, page 2 of 3"). */
  summary: (answer: Answer, busy: boolean) => ReactNode;
  /** The page's items, above the pagination; `busy` while the next page's answer is on its way. */
  children: (answer: Answer, busy: boolean) => ReactNode;
}

/**
 * One page of a list with its pages, and its loading, empty and error states: the frame the projects list and the
 * group list share. What the items look like is the caller's.
 */
export function PagedResults<T, Answer extends PagedAnswer<T> = PagedAnswer<T>>({
  label,
  what,
  result,
  page,
  onServedPage,
  hrefForPage,
  onPageChange,
  topRef,
  empty,
  summary,
  children,
}: PagedResultsProps<T, Answer>) {
  const { data, isPlaceholderData } = result;
  const servedPage = data && !isPlaceholderData ? data.pageLocation : null;
  useEffect(() => {
    if (servedPage !== null && servedPage !== page) onServedPage(servedPage);
  }, [servedPage, page, onServedPage]);
  // The first answer reaches the list through the query cache's store, which React renders at once, in one task:
  // a page of cards (a thousand elements on Discover) then held the main thread for the longest task of a first
  // visit. Drawn from a deferred copy, the first page of items renders in the background, yielding to the browser
  // every few milliseconds, while the spinner stays. Later answers (another page, a join's new count) show at
  // once, together with what changed beside them.
  const deferred = useDeferredValue(result);
  const shown = deferred.data === undefined ? deferred : result;

  let content;
  if (shown.isPending) {
    content = (
      <div className={styles.loading}>
        <Spinner size="large" label={`Loading ${what}`} />
      </div>
    );
  } else if (shown.isError) {
    content = (
      <ErrorState
        title={`The ${what} could not be loaded.`}
        message={errorMessage(shown.error, 'Check your connection and try again.')}
        onRetry={() => void shown.refetch()}
        retrying={shown.isFetching}
      />
    );
  } else if (shown.data.total === 0) {
    content = <div className={styles.empty}>{empty}</div>;
  } else {
    // The same pages above and below the items: a keyboard reaches them without crossing every card.
    const pages = (where: string) => (
      <Pagination
        page={shown.data.pageLocation}
        totalPages={shown.data.totalPages}
        hrefFor={hrefForPage}
        onNavigate={onPageChange}
        label={`Pagination, ${where}`}
      />
    );
    content = (
      <>
        <div className={styles.topPages}>{pages('top')}</div>
        <div className={styles.summary}>{summary(shown.data, shown.isPlaceholderData)}</div>
        {children(shown.data, shown.isPlaceholderData)}
        {pages('bottom')}
      </>
    );
  }

  return (
    <section ref={topRef} tabIndex={-1} className={styles.results} aria-label={label}>
      {content}
    </section>
  );
}
