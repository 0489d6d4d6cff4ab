import { useCallback, type RefObject } from 'react';
import { PagedResults } from '../../../components/PagedResults';
import { useProjects } from '../api/get-projects';
import { hasFilters, sortChoiceOf, toListRequest, type ListQuery } from '../list-query';
import { DemoBanner } from './DemoBanner';
import { ProjectGrid } from './ProjectGrid';
import { ResultSummary } from './ResultSummary';
import styles from '../../../components/ResultStates.module.css';

export interface ProjectResultsProps {
  query: ListQuery;
  hrefFor: (changes: Partial<ListQuery>) => string;
  onChange: (changes: Partial<ListQuery>, options?: { replace?: boolean }) => void;
  onClear: () => void;
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
        hasFilters(query) ? (
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
      {({ data: list, total, totalPages, pageLocation, known, sortFallback, lastCatalogueSyncAt }, busy) => (
        <>
          <ResultSummary
            total={total}
            page={pageLocation}
            totalPages={totalPages}
            sortField={sortChoiceOf(query.sort).sortField}
            known={known}
            sortFallback={sortFallback}
            updating={busy}
          />
          {list.some((project) => project.isDemo) ? <DemoBanner /> : null}
          <ProjectGrid
            projects={list}
            label="Projects"
            selectedTopics={query.topics}
            onTopicToggle={onTopicToggle}
            busy={busy}
            lastCatalogueSyncAt={lastCatalogueSyncAt}
          />
        </>
      )}
    </PagedResults>
  );
}
