import { sql, type Kysely } from 'kysely';
import { bareEntry } from '../../src/catalog/sources/index.js';
import { writeCatalogEntries } from '../../src/catalog/write.js';
import type { DB } from '../../src/platform/db/schema.js';

const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** A catalogued project with the fields the finder reads; answers its id. */
export async function addProject(
  db: Kysely<DB>,
  repoExt: string,
  fields: {
    language?: string | null;
    topics?: string[];
    archived?: boolean;
    lastPushAt?: Date | null;
    medianHours?: number | null;
    measured?: boolean;
  } = {},
): Promise<number> {
  await writeCatalogEntries(db, [bareEntry(repoExt, 'test')]);
  const row = await db
    .updateTable('projects')
    .set({
      language: fields.language ?? null,
      topics: fields.topics ?? [],
      archived: fields.archived ?? false,
      last_push_at: fields.lastPushAt === undefined ? daysAgo(1) : fields.lastPushAt,
      maintainer_median_hours: fields.medianHours ?? null,
      responsiveness_at: fields.measured === false ? null : new Date(),
    })
    .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An open issue stored as the sync would store it; answers its id. */
export async function addIssue(
  db: Kysely<DB>,
  projectId: number,
  number: number,
  fields: {
    title?: string;
    labels?: string[];
    createdAt?: Date;
    updatedAt?: Date;
    comments?: number;
    assignee?: string | null;
    assignedAt?: Date | null;
    pullRequest?: { number: number; at: Date; by?: string } | null;
    claimComment?: { by: string; at: Date } | null;
    open?: boolean;
  } = {},
): Promise<number> {
  const labels = fields.labels ?? ['good first issue'];
  const createdAt = fields.createdAt ?? daysAgo(number);
  const taken =
    fields.assignee || fields.pullRequest
      ? 'infinity'
      : fields.claimComment
        ? new Date(fields.claimComment.at.getTime() + 14 * DAY).toISOString()
        : '-infinity';
  const row = await db
    .insertInto('issues')
    .values({
      project_id: projectId,
      number,
      title: fields.title ?? `Issue ${number}`,
      url: `https://github.com/x/y/issues/${number}`,
      labels: JSON.stringify(labels.map((name) => ({ name, color: 'ededed' }))),
      label_names: labels.map((name) => name.toLowerCase()),
      created_at: createdAt,
      updated_at: fields.updatedAt ?? createdAt,
      comments: fields.comments ?? 0,
      assignee: fields.assignee ?? null,
      assigned_at: fields.assignedAt ?? null,
      pull_request_number: fields.pullRequest?.number ?? null,
      pull_request_url: fields.pullRequest
        ? `https://github.com/x/y/pull/${fields.pullRequest.number}`
        : null,
      pull_request_by: fields.pullRequest?.by ?? null,
      pull_request_at: fields.pullRequest?.at ?? null,
      claim_comment_by: fields.claimComment?.by ?? null,
      claim_comment_at: fields.claimComment?.at ?? null,
      github_taken_until: taken,
      open: fields.open ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
