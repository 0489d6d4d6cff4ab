import { useEffect, type RefObject } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useProjects } from '../api/get-projects';
import { hasFilters, toListRequest, type ListQuery } from '../list-query';
import { DemoBanner } from './DemoBanner';
import { Pagination } from '../../../components/Pagination';
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
  const projects = useProjects(toListRequest(query));
  const { data, isPlaceholderData } = projects;

  // Past the last page the server serves the last one: the address says which, without a new history entry.
  const servedPage = data && !isPlaceholderData ? data.pageLocation : null;
  useEffect(() => {
    if (servedPage !== null && servedPage !== query.page) onChange({ page: servedPage }, { replace: true });
  }, [servedPage, query.page, onChange]);

  let content;
  if (projects.isPending) {
    content = (
      <div className={styles.loading}>
        <Spinner size="large" label="Loading projects" />
      </div>
    );
  } else if (projects.isError) {
    content = (
      <ErrorState
        title="The projects could not be loaded."
        message={errorMessage(projects.error, 'Check your connection and try again.')}
        onRetry={() => void projects.refetch()}
        retrying={projects.isFetching}
      />
    );
  } else if (projects.data.total === 0) {
    content = (
      <div className={styles.empty}>
        {hasFilters(query) ? (
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
        )}
      </div>
    );
  } else {
    const { data: list, total, totalPages, pageLocation } = projects.data;
    content = (
      <>
        <ResultSummary
          total={total}
          page={pageLocation}
          totalPages={totalPages}
          updating={projects.isPlaceholderData}
        />
        {list.some((project) => project.isDemo) ? <DemoBanner /> : null}
        <ProjectGrid
          projects={list}
          label="Projects"
          selectedTopics={query.topics}
          onTopicToggle={onTopicToggle}
          busy={projects.isPlaceholderData}
        />
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
    <section ref={topRef} tabIndex={-1} className={styles.results} aria-label="Project results">
      {content}
    </section>
  );
}
