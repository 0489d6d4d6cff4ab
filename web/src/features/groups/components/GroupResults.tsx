import type { RefObject } from 'react';
import { SearchableResults } from '../../../components/SearchableResults';
import { formatExactCount } from '../../../lib/format';
import { useGroupProjects } from '../api/get-group-projects';
import { useSession } from '../../../session/session-context';
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
  const { isLoggedIn } = useSession();
  const result = useGroupProjects(toGroupListRequest(query, isLoggedIn));
  return (
    <SearchableResults
      label="Group results"
      what="groups"
      result={result}
      page={query.page}
      q={query.q}
      filtered={hasGroupFilters(query)}
      hrefForPage={(page) => hrefFor({ page })}
      onPage={(page, options) => onChange({ page }, options)}
      onPageChange={onPageChange}
      topRef={topRef}
      onClear={onClear}
      onClearSearch={onClearSearch}
      filteredHint="Try fewer filters, or clear them."
      nothingYet={
        <>
          <p className={styles.emptyTitle}>No one is looking for a group yet.</p>
          <p className={styles.emptyText}>Be the first: post your project and say who you are looking for.</p>
          <button type="button" className={styles.emptyAction} onClick={onPost}>
            Post a group project
          </button>
        </>
      }
      summary={({ total, totalPages, pageLocation }) => (
        <p className={own.summary} aria-live="polite">
          {total === 1 ? '1 group' : `${formatExactCount(total)} groups`}
          {totalPages > 1 ? `, page ${pageLocation} of ${totalPages}` : ''}
        </p>
      )}
    >
      {({ data: list }, busy) => (
        <GroupGrid
          groups={list}
          label="Groups"
          busy={busy}
          selectedTopics={query.topics}
          onTopicToggle={onTopicToggle}
        />
      )}
    </SearchableResults>
  );
}
