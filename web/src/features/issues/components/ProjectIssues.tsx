import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { formatFinderQuery, type FinderQuery } from '../finder-query';
import { projectIssuesDefaults } from '../project-issues-query';
import { FinderControls } from './FinderControls';
import { FinderResults } from './FinderResults';
import styles from './FinderResults.module.css';

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
