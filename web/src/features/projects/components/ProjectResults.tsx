import { NEW_PROJECT_DAYS } from '@openlfg/contracts';
import type { RefObject } from 'react';
import { SearchableResults } from '../../../components/SearchableResults';
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

/** What to try when no project matches the filters: only what was chosen, so nothing it says is untrue. */
export function filteredHintOf(query: Pick<ListQuery, 'topics' | 'languages' | 'showNew'>): string {
  if (query.topics.length + query.languages.length > 0) {
    return 'Try fewer topics or languages, or clear the filters.';
  }
  return `No project joined the catalogue in the last ${NEW_PROJECT_DAYS} days: turn off “New in the last ${NEW_PROJECT_DAYS} days” to see them all.`;
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
  return (
    <SearchableResults
      label="Project results"
      what="projects"
      result={result}
      page={query.page}
      q={query.q}
      filtered={hasFilters(query)}
      hrefForPage={(page) => hrefFor({ page })}
      onPage={(page, options) => onChange({ page }, options)}
      onPageChange={onPageChange}
      topRef={topRef}
      onClear={onClear}
      onClearSearch={onClearSearch}
      filteredHint={filteredHintOf(query)}
      nothingYet={
        <>
          <p className={styles.emptyTitle}>There are no projects in the catalogue yet.</p>
          <p className={styles.emptyText}>Know a good one? Request it, and a moderator will add it.</p>
        </>
      }
      summary={({ total, totalPages, pageLocation, known, sortFallback }, busy) => (
        <ResultSummary
          total={total}
          page={pageLocation}
          totalPages={totalPages}
          sortField={projectSorts.choiceOf(query.sort, query.q).sortField}
          known={known}
          sortFallback={sortFallback}
          updating={busy}
        />
      )}
    >
      {({ data: list, lastCatalogueSyncAt }, busy) => (
        <>
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
    </SearchableResults>
  );
}
