import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/dist/platform/db/schema.js';

const BEGINNER_LABEL = { name: 'good first issue', color: '7057ff' };

/**
 * The catalogue a webhook bench's deliveries change: one project, `repo`, and its open beginner issues numbered 1
 * to `issues`, opened at `createdAt`, as the deliveries below describe them. Answers each issue's id by its number.
 */
export async function seedWebhookIssues(
  db: Kysely<DB>,
  options: { repo: string; name: string; issues: number; createdAt: Date },
): Promise<Map<number, number>> {
  const { repo, createdAt } = options;
  const project = await db
    .insertInto('projects')
    .values({ repo_ext: repo, name: options.name } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('issues')
    .values(
      Array.from({ length: options.issues }, (_, i) => ({
        project_id: project.id,
        number: i + 1,
        title: `Issue ${i + 1}`,
        url: `https://github.com/${repo}/issues/${i + 1}`,
        labels: JSON.stringify([BEGINNER_LABEL]),
        label_names: [BEGINNER_LABEL.name],
        created_at: createdAt,
        updated_at: createdAt,
      })),
    )
    .returning(['id', 'number'])
    .execute();
  return new Map(rows.map((row) => [row.number, row.id]));
}

/** A signed `issues` delivery as GitHub sends it, with the headers its webhook route checks. */
export interface BenchDelivery {
  number: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The i-th delivery of a bench: issue `i mod issues` of `repo`, assigned on even passes over the issues and
 * unassigned on odd ones, each later than the last of the same issue (the route refuses an older one), signed
 * with `secret`.
 */
export function assignmentDelivery(options: {
  i: number;
  issues: number;
  repo: string;
  secret: string;
  createdAt: Date;
  deliveryId: string;
}): BenchDelivery {
  const { i, issues, repo } = options;
  const number = (i % issues) + 1;
  const assign = Math.floor(i / issues) % 2 === 0;
  const body = JSON.stringify({
    action: assign ? 'assigned' : 'unassigned',
    issue: {
      number,
      title: `Issue ${number}`,
      html_url: `https://github.com/${repo}/issues/${number}`,
      state: 'open',
      labels: [BEGINNER_LABEL],
      assignees: assign ? [{ login: 'ada' }] : [],
      comments: 0,
      created_at: options.createdAt.toISOString(),
      updated_at: new Date(Date.now() + i).toISOString(),
    },
    repository: { full_name: repo },
    sender: { login: 'ada' },
  });
  return {
    number,
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/bench',
      'x-github-event': 'issues',
      'x-github-delivery': options.deliveryId,
      'x-hub-signature-256': `sha256=${createHmac('sha256', options.secret).update(body).digest('hex')}`,
    },
  };
}
