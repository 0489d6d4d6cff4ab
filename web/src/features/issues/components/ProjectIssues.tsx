import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { getIssuesQueryOptions } from '../api/get-issues';
import {
  CLEARED_FILTERS,
  DEFAULT_SORT,
  formatFinderQuery,
  toIssueListRequest,
  type FinderQuery,
} from '../finder-query';
import { FinderControls } from './FinderControls';
import { FinderResults } from './FinderResults';
import styles from './FinderResults.module.css';

/**
 * A project's own issues as its page first shows them: the finder's list narrowed to the project, newest first,
 * taken ones too (their taken signal is the point of showing them).
 */
export function projectIssuesDefaults(projectId: number): FinderQuery {
  return { view: 'find', sort: DEFAULT_SORT, ...CLEARED_FILTERS, notTaken: false, projectId };
}

/** The first page's query, for whoever loads the page's data ahead (the server's rendering). */
export function projectIssuesQuery(projectId: number) {
  return getIssuesQueryOptions(toIssueListRequest(projectIssuesDefaults(projectId)));
}

export interface ProjectIssuesProps {
  projectId: number;
  projectName: string;
}

/**
 * The finder's controls and results (the same components, not a copy) on a project's page: its filters live in
 * the page, not the address, and the project stays chosen. A link opens the finder with the same filters.
 */
export function ProjectIssues({ projectId, projectName }: ProjectIssuesProps) {
  const [query, setQuery] = useState(() => projectIssuesDefaults(projectId));
  const filtered =
    formatFinderQuery(query) !== formatFinderQuery({ ...projectIssuesDefaults(projectId), sort: query.sort });
  const onChange = useCallback(
    (changes: Partial<FinderQuery>) => setQuery((current) => ({ ...current, ...changes, projectId })),
    [projectId],
  );
  const onClear = useCallback(
    () => setQuery((current) => ({ ...projectIssuesDefaults(projectId), sort: current.sort })),
    [projectId],
  );
  return (
    <>
      <FinderControls
        query={query}
        onChange={onChange}
        onClear={onClear}
        projectName={projectName}
        projectLocked
        filtered={filtered}
      />
      <FinderResults
        query={query}
        onClear={onClear}
        filtered={filtered}
        noneText={`${projectName} has no open beginner issues right now.`}
        onShowQuiet={() => onChange({ includeQuiet: true })}
      />
      <p className={styles.end}>
        <Link to={`/issues${formatFinderQuery(query)}`}>See these issues in Find an issue</Link>
      </p>
    </>
  );
}
