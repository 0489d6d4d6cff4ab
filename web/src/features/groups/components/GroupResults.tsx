import { useEffect, type RefObject } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useGroupProjects } from '../api/get-group-projects';
import { hasGroupFilters, toGroupListRequest, type GroupListQuery } from '../list-query';
import { GroupGrid } from './GroupGrid';
import styles from '../../../components/ResultStates.module.css';
import own from './GroupResults.module.css';

export interface GroupResultsProps {
  query: GroupListQuery;
  hrefFor: (changes: Partial<GroupListQuery>) => string;
  onChange: (changes: Partial<GroupListQuery>, options?: { replace?: boolean }) => void;
  onClear: () => void;
  onPost: () => void;
  topRef: RefObject<HTMLElement | null>;
  onPageChange: () => void;
}

/** One page of the group list with its pages; its loading, empty and error states. */
export function GroupResults({
  query,
  hrefFor,
  onChange,
  onClear,
  onPost,
  topRef,
  onPageChange,
}: GroupResultsProps) {
  const groups = useGroupProjects(toGroupListRequest(query));
  const { data, isPlaceholderData } = groups;

  // Past the last page the server serves the last one: the address says which, without a new history entry.
  const servedPage = data && !isPlaceholderData ? data.pageLocation : null;
  useEffect(() => {
    if (servedPage !== null && servedPage !== query.page) onChange({ page: servedPage }, { replace: true });
  }, [servedPage, query.page, onChange]);

  let content;
  if (groups.isPending) {
    content = (
      <div className={styles.loading}>
        <Spinner size="large" label="Loading groups" />
      </div>
    );
  } else if (groups.isError) {
    content = (
      <ErrorState
        title="The groups could not be loaded."
        message={errorMessage(groups.error, 'Check your connection and try again.')}
        onRetry={() => void groups.refetch()}
        retrying={groups.isFetching}
      />
    );
  } else if (groups.data.total === 0) {
    content = (
      <div className={styles.empty}>
        {hasGroupFilters(query) ? (
          <>
            <p className={styles.emptyTitle}>No groups match these filters.</p>
            <p className={styles.emptyText}>Try fewer filters, or clear them.</p>
            <button type="button" className={styles.emptyAction} onClick={onClear}>
              Clear filters
            </button>
          </>
        ) : (
          <>
            <p className={styles.emptyTitle}>No one is looking for a group yet.</p>
            <p className={styles.emptyText}>
              Be the first: post your project and say who you are looking for.
            </p>
            <button type="button" className={styles.emptyAction} onClick={onPost}>
              Post a group project
            </button>
          </>
        )}
      </div>
    );
  } else {
    const { data: list, total, totalPages, pageLocation } = groups.data;
    content = (
      <>
        <p className={own.summary} aria-live="polite">
          {total === 1 ? '1 group' : `${total} groups`}
          {totalPages > 1 ? `, page ${pageLocation} of ${totalPages}` : ''}
        </p>
        <GroupGrid groups={list} label="Groups" busy={groups.isPlaceholderData} />
        <Pagination
          page={pageLocation}
          totalPages={totalPages}
          hrefFor={(page) => hrefFor({ page })}
          onNavigate={onPageChange}
        />
      </>
    );
  }

  return (
    <section ref={topRef} tabIndex={-1} className={styles.results} aria-label="Group results">
      {content}
    </section>
  );
}
