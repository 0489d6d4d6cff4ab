import { useCallback, type RefObject } from 'react';
import { HighlightSearch } from '../../../components/Highlight';
import { NoSearchMatches } from '../../../components/NoSearchMatches';
import { PagedResults } from '../../../components/PagedResults';
import { SearchedFor } from '../../../components/SearchedFor';
import { isSearching } from '../../../lib/url-list-query';
import { useProjects } from '../api/get-projects';
import { hasFilters, projectSorts, toListRequest, type ListQuery } from '../list-query';
import { DemoBanner } from './DemoBanner';
import { ProjectGrid } from './ProjectGrid';
import { ResultSummary } from './ResultSummary';
import styles from '../../../components/ResultStates.module.css';

export interface ProjectResultsProps {
  query: ListQuery;
  hrefFor: (changes: Partial<ListQuery>) => string;
  onChange: (changes: Partial<ListQuery>, options?: { replace?: boolean }) => void;
  onClear: () => void;
  onClearSearch: () => void;
  onTopicToggle: (topic: string) => void;
  /** The top of the results, brought into view when the user changes page. */
  topRef: RefObject<HTMLElement | null>;
  onPageChange: () => void;
}

/** One page of the list with its summary and pages; its loading, empty and error states. */
export function ProjectResults({
  query,
  hrefFor,
  onChange,
  onClear,
  onClearSearch,
  onTopicToggle,
  topRef,
  onPageChange,
}: ProjectResultsProps) {
  const result = useProjects(toListRequest(query));
  // Past the last page the server serves the last one: the address says which, without a new history entry.
  const onServedPage = useCallback((page: number) => onChange({ page }, { replace: true }), [onChange]);
  return (
    <PagedResults
      label="Project results"
      what="projects"
      result={result}
      page={query.page}
      onServedPage={onServedPage}
      hrefForPage={(page) => hrefFor({ page })}
      onPageChange={onPageChange}
      topRef={topRef}
      empty={
        isSearching(query.q) ? (
          <NoSearchMatches
            what="projects"
            q={query.q}
            filtered={hasFilters(query)}
            onClearSearch={onClearSearch}
          />
        ) : hasFilters(query) ? (
          <>
            <p className={styles.emptyTitle}>No projects match these filters.</p>
            <p className={styles.emptyText}>Try fewer topics or languages, or clear the filters.</p>
            <button type="button" className={styles.emptyAction} onClick={onClear}>
              Clear filters
            </button>
          </>
        ) : (
          <>
            <p className={styles.emptyTitle}>There are no projects in the catalogue yet.</p>
            <p className={styles.emptyText}>Know a good one? Request it, and a moderator will add it.</p>
          </>
        )
      }
    >
      {(
        {
          data: list,
          total,
          totalPages,
          pageLocation,
          known,
          sortFallback,
          lastCatalogueSyncAt,
          searchedFor,
        },
        busy,
      ) => (
        <>
          <ResultSummary
            total={total}
            page={pageLocation}
            totalPages={totalPages}
            sortField={projectSorts.choiceOf(query.sort, query.q).sortField}
            known={known}
            sortFallback={sortFallback}
            updating={busy}
          />
          <SearchedFor typed={query.q} searchedFor={searchedFor} />
          {list.some((project) => project.isDemo) ? <DemoBanner /> : null}
          <HighlightSearch search={searchedFor ?? query.q}>
            <ProjectGrid
              projects={list}
              label="Projects"
              selectedTopics={query.topics}
              onTopicToggle={onTopicToggle}
              busy={busy}
              lastCatalogueSyncAt={lastCatalogueSyncAt}
            />
          </HighlightSearch>
        </>
      )}
    </PagedResults>
  );
}
