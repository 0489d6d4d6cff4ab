/**
 * The projects list's sort options: plain values (the web bundle takes them without TypeBox), checked against the
 * list's schema, which the import below only names (types only, nothing loaded).
 */
import type { ProjectSortField, SortOrder } from './projects.js';

/** The sort select of the projects list, in the spec's order and words. The first is the default. */
export const PROJECT_SORT_OPTIONS = [
  { label: 'Most Contributors', sortField: 'contributors', order: 'DESC' },
  { label: 'Least Contributors', sortField: 'contributors', order: 'ASC' },
  { label: 'Alphabetical', sortField: 'name', order: 'ASC' },
  { label: 'Most Used By', sortField: 'used_by', order: 'DESC' },
  { label: 'Least Used By', sortField: 'used_by', order: 'ASC' },
  { label: 'Most Saved', sortField: 'saves', order: 'DESC' },
  { label: 'Most beginner issues', sortField: 'beginner_issues', order: 'DESC' },
] as const satisfies readonly { label: string; sortField: ProjectSortField; order: SortOrder }[];
