import type { Project } from '@openlfg/contracts';
import type { DB } from '../platform/db/schema.js';
import type { Selectable } from 'kysely';

/**
 * The columns a project's card shows: what the lists and the saved list read, never `select *`, which would
 * also carry the search words (migration 0009's tsvector, half of a row's bytes) and the sync's bookkeeping.
 */
export const projectCardColumns = [
  'projects.id',
  'projects.repo_ext',
  'projects.name',
  'projects.description',
  'projects.language',
  'projects.language_derived',
  'projects.topics',
  'projects.stars',
  'projects.forks',
  'projects.contributors',
  'projects.used_by',
  'projects.saves',
  'projects.open_issues',
  'projects.beginner_issues',
  'projects.license',
  'projects.last_push_at',
  'projects.archived',
  'projects.added_at',
  'projects.new_since',
  'projects.last_synced_at',
  'projects.is_demo',
] as const;

type ProjectColumn = (typeof projectCardColumns)[number] extends `projects.${infer C}` ? C : never;
type ProjectRecord = Pick<Selectable<DB['projects']>, ProjectColumn>;

export function projectUrl(repoExt: string): string {
  return `https://github.com/${repoExt}`;
}

export function toProject(row: ProjectRecord): Project {
  return {
    projectId: row.id,
    repoExt: row.repo_ext,
    projectUrl: projectUrl(row.repo_ext),
    name: row.name,
    description: row.description,
    language: row.language,
    languageDerived: row.language_derived,
    topics: row.topics,
    stars: row.stars,
    forks: row.forks,
    contributors: row.contributors,
    usedBy: row.used_by,
    saves: row.saves,
    openIssues: row.open_issues,
    beginnerIssues: row.beginner_issues,
    license: row.license,
    lastPushAt: row.last_push_at?.toISOString() ?? null,
    archived: row.archived,
    addedAt: row.added_at.toISOString(),
    newSince: row.new_since?.toISOString() ?? null,
    lastSyncedAt: row.last_synced_at?.toISOString() ?? null,
    isDemo: row.is_demo,
  };
}
