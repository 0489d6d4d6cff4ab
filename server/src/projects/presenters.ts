import type { Project } from '@openlfg/contracts';
import type { DB } from '../platform/db/schema.js';
import type { Selectable } from 'kysely';

type ProjectRecord = Selectable<DB['projects']>;

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
