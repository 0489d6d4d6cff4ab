import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { DEMO_PROJECTS } from './demo-projects.js';

/*
 * The demo catalogue an empty database starts with, so a new user sees a living site. The repositories are
 * real and well known; their figures are rounded illustrations, and every row is marked is_demo so the site
 * says so until an import or a sync replaces them. The projects are in `demo-projects.ts`.
 */

/** An arbitrary constant: the advisory lock that makes one node at a time seed. */
const SEED_LOCK = 4_242_001;

/** Seeds the demo catalogue when there are no projects at all; answers how many it added. */
export async function seedDemoCatalogue(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const any = await trx.selectFrom('projects').select('id').limit(1).executeTakeFirst();
    if (any) return 0;
    await trx
      .insertInto('projects')
      .values(
        DEMO_PROJECTS.map((p) => ({
          repo_ext: p.repoExt,
          name: p.name,
          description: p.description,
          language: p.language,
          topics: p.topics,
          stars: p.stars,
          forks: p.forks,
          contributors: p.contributors,
          used_by: p.usedBy,
          license: p.license,
          beginner_issues: p.beginnerIssues,
          open_issues: null,
          last_push_at: null,
          is_demo: true,
          source: 'demo',
        })),
      )
      .execute();
    await seedDemoIssues(trx);
    return DEMO_PROJECTS.length;
  });
}

/** Made-up beginner issue titles for the demo finder. */
const DEMO_ISSUE_TITLES = [
  'Improve the error message when the configuration file is missing',
  'Add an example to the README for the most common option',
  'Fix a typo in the contributing guide',
  'Add a test for the empty-input case',
  'Document the environment variables in one table',
];

/** The demo's maintainers answer quickly, slowly, or not at all (hours; null: no reply on recent issues). */
const DEMO_MEDIAN_HOURS = [6, 30, 52, null, 200];

const DAY_MS = 86_400_000;

/**
 * The demo finder: five made-up beginner issues per demo project (marked demo, linking to the project's real
 * beginner issues), in every taken state: free, assigned, an open pull request, a claim comment, and on the
 * first project a claim on OpenLFG by a demo user who cannot sign in. The sync replaces them with real ones.
 */
async function seedDemoIssues(trx: Kysely<DB>): Promise<void> {
  const projects = await trx.selectFrom('projects').select(['id', 'repo_ext']).orderBy('id').execute();
  for (const [index, project] of projects.entries()) {
    await trx
      .updateTable('projects')
      .set({
        maintainer_median_hours: DEMO_MEDIAN_HOURS[index % DEMO_MEDIAN_HOURS.length] ?? null,
        responsiveness_at: new Date(),
      })
      .where('id', '=', project.id)
      .execute();
  }
  const now = Date.now();
  const at = (days: number) => new Date(now - days * DAY_MS);
  const rows = projects.flatMap((project, p) =>
    DEMO_ISSUE_TITLES.map((title, i) => {
      const labels = i % 2 === 0 ? ['good first issue'] : ['help wanted', 'documentation'];
      const state = (p + i) % 5;
      return {
        project_id: project.id,
        number: i + 1,
        title,
        url: `https://github.com/${project.repo_ext}/issues?q=is%3Aopen+label%3A%22good+first+issue%22`,
        labels: JSON.stringify(labels.map((name) => ({ name, color: 'ededed' }))),
        label_names: labels,
        created_at: at(3 + ((p * 7 + i * 11) % 80)),
        updated_at: at((p + i) % 20),
        comments: (p + i * 3) % 7,
        assignee: state === 1 ? 'demo-assignee' : null,
        assigned_at: state === 1 ? at(40) : null,
        pull_request_number: state === 2 ? 1000 + i : null,
        pull_request_url: state === 2 ? `https://github.com/${project.repo_ext}/pulls` : null,
        pull_request_by: state === 2 ? 'demo-contributor' : null,
        pull_request_at: state === 2 ? at(1) : null,
        claim_comment_by: state === 3 ? 'demo-newcomer' : null,
        claim_comment_at: state === 3 ? at(2) : null,
        github_taken_until:
          state === 1 || state === 2 ? 'infinity' : state === 3 ? new Date(now + 12 * DAY_MS) : '-infinity',
        is_demo: true,
      };
    }),
  );
  if (rows.length === 0) return;
  const inserted = await trx
    .insertInto('issues')
    .values(rows)
    .returning(['id', sql<boolean>`github_taken_until < now()`.as('free')])
    .execute();
  const free = inserted.find((row) => row.free);
  if (!free) return;
  // github_id 0 is no GitHub account: the demo claimant can never sign in.
  const claimant = await trx
    .insertInto('users')
    .values({
      github_id: 0,
      login: 'openlfg-demo',
      name: 'Demo contributor',
      avatar_url: null,
      github_token_encrypted: null,
    })
    .onConflict((oc) => oc.column('github_id').doUpdateSet({ updated_at: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const expires = new Date(now + 11 * DAY_MS);
  await trx
    .insertInto('issue_claims')
    .values({ issue_id: free.id, user_id: claimant.id, claimed_at: at(3), expires_at: expires })
    .execute();
  await trx.updateTable('issues').set({ claimed_until: expires }).where('id', '=', free.id).execute();
}
