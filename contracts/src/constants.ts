/**
 * Plain values shared by the server and the web app. Kept apart from the schemas (which build TypeBox objects
 * when loaded) so the web bundle takes these without TypeBox.
 */
import type { ProjectSortField, SortOrder } from './projects.js';

/** Projects per page of the list. */
export const PROJECT_PAGE_SIZE = 20;
/** "New" projects: added to the catalogue within this many days. */
export const NEW_PROJECT_DAYS = 30;
export const MAX_FILTER_TOPICS = 10;
export const MAX_FILTER_LANGUAGES = 10;

/** A topic as stored: lowercase letters, digits and hyphens, like GitHub's own topics. */
export const TOPIC_PATTERN = '^[a-z0-9][a-z0-9-]{0,49}$';

/** `owner/name` as GitHub allows them. */
export const REPO_EXT_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}/[A-Za-z0-9._-]{1,100}$';

/** The sort select of the projects list, in the spec's order and words. The first is the default. */
export const PROJECT_SORT_OPTIONS = [
  { label: 'Most Contributors', sortField: 'contributors', order: 'DESC' },
  { label: 'Least Contributors', sortField: 'contributors', order: 'ASC' },
  { label: 'Alphabetical', sortField: 'name', order: 'ASC' },
  { label: 'Most Used By', sortField: 'used_by', order: 'DESC' },
  { label: 'Least Used By', sortField: 'used_by', order: 'ASC' },
  { label: 'Most Saved', sortField: 'saves', order: 'DESC' },
] as const satisfies readonly { label: string; sortField: ProjectSortField; order: SortOrder }[];

/** GitHub's rules for a login: 1 to 39 letters, digits or single hyphens, not starting or ending with one. */
export const GITHUB_LOGIN_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$';
