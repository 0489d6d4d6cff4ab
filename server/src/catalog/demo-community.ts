import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/**
 * The demo community a fresh local install shows beside its demo catalogue (catalog/demo.ts), so the Looking for
 * group board is not empty on the first visit: a few made-up people, groups around demo projects, and claims on
 * demo issues. Every row is marked `is_demo` (the web labels the groups as demo), nobody of them can sign in
 * (no GitHub account has an id below 1), and an import of a real catalogue or a sync removes them all
 * (`removeDemoCommunity`): the community was made up for the demo projects and goes with them.
 */

interface DemoPerson {
  login: string;
  name: string;
}

const DEMO_PEOPLE: readonly DemoPerson[] = [
  { login: 'maya-demo', name: 'Maya (demo)' },
  { login: 'kofi-demo', name: 'Kofi (demo)' },
  { login: 'lena-demo', name: 'Lena (demo)' },
  { login: 'ravi-demo', name: 'Ravi (demo)' },
  { login: 'sam-demo', name: 'Sam (demo)' },
];

interface DemoGroup {
  repoExt: string;
  title: string;
  description: string;
  topics: string[];
  skillLevel: DB['group_projects']['skill_level'];
  maxMembers: number | null;
  /** Indexes into DEMO_PEOPLE: the owner first. */
  people: number[];
  postedHoursAgo: number;
}

/** Descriptions of two lines on a card at most, as short posts are: the first screen still holds a whole card. */
const DEMO_GROUPS: readonly DemoGroup[] = [
  {
    repoExt: 'facebook/react',
    title: 'First React PRs together',
    description:
      "We pair on a React docs or test issue each week and review each other's pull request. Beginners welcome.",
    topics: ['react', 'javascript'],
    skillLevel: 'Beginner',
    maxMembers: 6,
    people: [0, 1, 2],
    postedHoursAgo: 5,
  },
  {
    repoExt: 'rust-lang/rust',
    title: 'Rust diagnostics study group',
    description:
      'Better error messages are a gentle way into rustc: we take its easy diagnostics issues together.',
    topics: ['rust', 'compiler'],
    skillLevel: 'Intermediate',
    maxMembers: 5,
    people: [3, 4],
    postedHoursAgo: 28,
  },
  {
    repoExt: 'python/cpython',
    title: 'CPython docs sprint',
    description:
      "Examples, typos and unclear paragraphs in Python's docs: a first CPython contribution, on weekends.",
    topics: ['python', 'documentation'],
    skillLevel: 'Beginner',
    maxMembers: null,
    people: [2, 0, 4, 1],
    postedHoursAgo: 50,
  },
  {
    repoExt: 'excalidraw/excalidraw',
    title: 'Excalidraw keyboard access',
    description:
      'Making the whiteboard usable from the keyboard and with a screen reader. Full: save it for a spot.',
    topics: ['accessibility', 'typescript'],
    skillLevel: 'Any level',
    maxMembers: 2,
    people: [4, 3],
    postedHoursAgo: 96,
  },
];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The same advisory lock as the catalogue's seed: one node at a time seeds. */
const SEED_LOCK = 4_242_001;

/**
 * Seeds the demo community when the catalogue is the untouched demo (every project demo) and no demo person
 * exists yet; answers how many groups it added. Groups only around demo projects that are there.
 */
export async function seedDemoCommunity(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const state = await trx
      .selectFrom('projects')
      .select([
        sql<boolean>`bool_and(is_demo)`.as('all_demo'),
        sql<boolean>`exists (select 1 from users where is_demo)`.as('seeded'),
      ])
      .executeTakeFirstOrThrow();
    if (state.all_demo !== true || state.seeded) return 0;
    // The catalogue seed's claimant (github_id 0) belongs to the demo too.
    await trx.updateTable('users').set({ is_demo: true }).where('github_id', '=', 0).execute();
    const people = await trx
      .insertInto('users')
      .values(
        DEMO_PEOPLE.map((person, i) => ({
          // GitHub's ids start at 1: these are nobody's, so nobody signs in as them.
          github_id: -1 - i,
          login: person.login,
          name: person.name,
          avatar_url: null,
          github_token_encrypted: null,
          is_demo: true,
        })),
      )
      .onConflict((oc) => oc.column('github_id').doUpdateSet({ is_demo: true }))
      .returning('id')
      .execute();
    const personId = (index: number) => people[index]?.id ?? 0;
    const projects = await trx
      .selectFrom('projects')
      .select(['id', 'repo_ext'])
      .where('is_demo', '=', true)
      .where(
        'repo_ext',
        'in',
        DEMO_GROUPS.map((g) => g.repoExt),
      )
      .execute();
    const present = DEMO_GROUPS.filter((g) => projects.some((p) => p.repo_ext === g.repoExt));
    const now = Date.now();
    for (const group of present) {
      const posted = new Date(now - group.postedHoursAgo * HOUR_MS);
      const { id } = await trx
        .insertInto('group_projects')
        .values({
          title: group.title,
          description: group.description,
          repo_ext: group.repoExt,
          topics: group.topics,
          skill_level: group.skillLevel,
          visibility: 'public',
          discord_url: null,
          max_members: group.maxMembers,
          owner_id: personId(group.people[0] ?? 0),
          member_count: group.people.length,
          date_posted: posted,
          is_demo: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('group_members')
        .values(
          group.people.map((person, i) => ({
            group_id: id,
            user_id: personId(person),
            role: i === 0 ? ('owner' as const) : ('member' as const),
            joined_at: new Date(posted.getTime() + i * HOUR_MS),
          })),
        )
        .execute();
    }
    await claimDemoIssues(
      trx,
      present.map((group) => ({
        projectId: projects.find((p) => p.repo_ext === group.repoExt)?.id ?? 0,
        userId: personId(group.people[0] ?? 0),
      })),
    );
    return present.length;
  });
}

/** Each demo group's owner claims a free demo issue of the group's project, days ago, if it leaves one free. */
async function claimDemoIssues(
  trx: Kysely<DB>,
  claims: { projectId: number; userId: number }[],
): Promise<void> {
  const now = Date.now();
  for (const [i, { projectId, userId }] of claims.entries()) {
    const free = await trx
      .selectFrom('issues')
      .select('id')
      .where('project_id', '=', projectId)
      .where('is_demo', '=', true)
      .where(sql<boolean>`github_taken_until < now() and claimed_until < now()`)
      .orderBy('number')
      .limit(2)
      .execute();
    // A project keeps a free issue for a newcomer to claim (and for the finder's "not taken" to show).
    const issue = free.length === 2 ? free[0] : undefined;
    if (!issue) continue;
    const expires = new Date(now + (10 - i) * DAY_MS);
    await trx
      .insertInto('issue_claims')
      .values({
        issue_id: issue.id,
        user_id: userId,
        claimed_at: new Date(now - (i + 1) * DAY_MS),
        expires_at: expires,
      })
      .execute();
    await trx.updateTable('issues').set({ claimed_until: expires }).where('id', '=', issue.id).execute();
  }
}

/**
 * Removes the demo community: its groups (their members, boards, saves and requests go with them by their keys),
 * its people and their claims, the claimed issues' `claimed_until` recounted from the claims left. Run by an
 * import of a real catalogue and by every sync batch that refreshed a project; nothing to do costs two index
 * probes (migration 0026's partial indexes). Answers how many groups went.
 */
export async function removeDemoCommunity(db: Kysely<DB>): Promise<number> {
  const claimed = await db
    .deleteFrom('issue_claims')
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('is_demo', '=', true))
    .returning('issue_id')
    .execute();
  if (claimed.length > 0) {
    await db
      .updateTable('issues')
      .set({
        claimed_until: sql<Date>`coalesce((select max(c.expires_at) from issue_claims c where c.issue_id = issues.id), '-infinity'::timestamptz)`,
      })
      .where(
        'id',
        'in',
        claimed.map((c) => c.issue_id),
      )
      .execute();
  }
  const groups = await db.deleteFrom('group_projects').where('is_demo', '=', true).returning('id').execute();
  await db.deleteFrom('users').where('is_demo', '=', true).execute();
  return groups.length;
}
