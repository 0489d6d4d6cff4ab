import { useCallback, type RefObject } from 'react';
import { HighlightSearch } from '../../../components/Highlight';
import { SearchedFor } from '../../../components/SearchedFor';
import { NoSearchMatches } from '../../../components/NoSearchMatches';
import { PagedResults } from '../../../components/PagedResults';
import { formatExactCount } from '../../../lib/format';
import { isSearching } from '../../../lib/url-list-query';
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
  onClearSearch: () => void;
  onPost: () => void;
  /** A topic chip on a card adds its topic to the filter, or takes it out. */
  onTopicToggle: (topic: string) => void;
  topRef: RefObject<HTMLElement | null>;
  onPageChange: () => void;
}

/** One page of the group list with its pages; its loading, empty and error states. */
export function GroupResults({
  query,
  hrefFor,
  onChange,
  onClear,
  onClearSearch,
  onPost,
  onTopicToggle,
  topRef,
  onPageChange,
}: GroupResultsProps) {
  const result = useGroupProjects(toGroupListRequest(query));
  // Past the last page the server serves the last one: the address says which, without a new history entry.
  const onServedPage = useCallback((page: number) => onChange({ page }, { replace: true }), [onChange]);
  return (
    <PagedResults
      label="Group results"
      what="groups"
      result={result}
      page={query.page}
      onServedPage={onServedPage}
      hrefForPage={(page) => hrefFor({ page })}
      onPageChange={onPageChange}
      topRef={topRef}
      empty={
        isSearching(query.q) ? (
          <NoSearchMatches
            what="groups"
            q={query.q}
            filtered={hasGroupFilters(query)}
            onClearSearch={onClearSearch}
          />
        ) : hasGroupFilters(query) ? (
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
        )
      }
    >
      {({ data: list, total, totalPages, pageLocation, searchedFor }, busy) => (
        <>
          <p className={own.summary} aria-live="polite">
            {total === 1 ? '1 group' : `${formatExactCount(total)} groups`}
            {totalPages > 1 ? `, page ${pageLocation} of ${totalPages}` : ''}
          </p>
          <SearchedFor typed={query.q} searchedFor={searchedFor} />
          <HighlightSearch search={searchedFor ?? query.q}>
            <GroupGrid
              groups={list}
              label="Groups"
              busy={busy}
              selectedTopics={query.topics}
              onTopicToggle={onTopicToggle}
            />
          </HighlightSearch>
        </>
      )}
    </PagedResults>
  );
}
