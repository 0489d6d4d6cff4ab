import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/**
 * The demo catalogue an empty database starts with, so a new user sees a living site. The repositories are
 * real and well known; their figures are rounded illustrations, and every row is marked is_demo so the site
 * says so until an import or a sync replaces them.
 */
const DEMO_PROJECTS: {
  repoExt: string;
  name: string;
  description: string;
  language: string;
  topics: string[];
  stars: number;
  forks: number;
  contributors: number;
  usedBy: number;
  license: string;
  beginnerIssues: number;
}[] = [
  {
    repoExt: 'facebook/react',
    name: 'React',
    description: 'The library for web and native user interfaces.',
    language: 'JavaScript',
    topics: ['javascript', 'react', 'frontend', 'ui'],
    stars: 230000,
    forks: 47000,
    contributors: 1700,
    usedBy: 2400000,
    license: 'MIT',
    beginnerIssues: 12,
  },
  {
    repoExt: 'vuejs/core',
    name: 'Vue',
    description: 'The progressive JavaScript framework for building web user interfaces.',
    language: 'TypeScript',
    topics: ['vue', 'javascript', 'frontend', 'framework'],
    stars: 48000,
    forks: 8500,
    contributors: 500,
    usedBy: 380000,
    license: 'MIT',
    beginnerIssues: 9,
  },
  {
    repoExt: 'microsoft/vscode',
    name: 'Visual Studio Code',
    description:
      'A code editor redefined and optimized for building and debugging modern web and cloud applications.',
    language: 'TypeScript',
    topics: ['editor', 'typescript', 'electron', 'ide'],
    stars: 170000,
    forks: 30000,
    contributors: 2000,
    usedBy: 4000,
    license: 'MIT',
    beginnerIssues: 40,
  },
  {
    repoExt: 'rust-lang/rust',
    name: 'Rust',
    description: 'Empowering everyone to build reliable and efficient software.',
    language: 'Rust',
    topics: ['rust', 'compiler', 'language'],
    stars: 100000,
    forks: 13000,
    contributors: 5000,
    usedBy: 1000,
    license: 'Apache-2.0',
    beginnerIssues: 120,
  },
  {
    repoExt: 'golang/go',
    name: 'Go',
    description: 'The Go programming language.',
    language: 'Go',
    topics: ['go', 'language', 'compiler'],
    stars: 125000,
    forks: 18000,
    contributors: 2500,
    usedBy: 900,
    license: 'BSD-3-Clause',
    beginnerIssues: 60,
  },
  {
    repoExt: 'python/cpython',
    name: 'CPython',
    description: 'The Python programming language.',
    language: 'Python',
    topics: ['python', 'language', 'interpreter'],
    stars: 65000,
    forks: 31000,
    contributors: 2800,
    usedBy: 1500,
    license: 'PSF-2.0',
    beginnerIssues: 80,
  },
  {
    repoExt: 'nodejs/node',
    name: 'Node.js',
    description: 'Node.js JavaScript runtime.',
    language: 'JavaScript',
    topics: ['javascript', 'runtime', 'nodejs', 'backend'],
    stars: 110000,
    forks: 30000,
    contributors: 3500,
    usedBy: 2000,
    license: 'MIT',
    beginnerIssues: 25,
  },
  {
    repoExt: 'denoland/deno',
    name: 'Deno',
    description: 'A modern runtime for JavaScript and TypeScript.',
    language: 'Rust',
    topics: ['javascript', 'typescript', 'runtime', 'rust'],
    stars: 100000,
    forks: 5400,
    contributors: 900,
    usedBy: 12000,
    license: 'MIT',
    beginnerIssues: 30,
  },
  {
    repoExt: 'sveltejs/svelte',
    name: 'Svelte',
    description: 'Web development for the rest of us.',
    language: 'JavaScript',
    topics: ['svelte', 'javascript', 'frontend', 'compiler'],
    stars: 82000,
    forks: 4300,
    contributors: 800,
    usedBy: 300000,
    license: 'MIT',
    beginnerIssues: 14,
  },
  {
    repoExt: 'tailwindlabs/tailwindcss',
    name: 'Tailwind CSS',
    description: 'A utility-first CSS framework for rapid UI development.',
    language: 'TypeScript',
    topics: ['css', 'frontend', 'design'],
    stars: 85000,
    forks: 4400,
    contributors: 300,
    usedBy: 1500000,
    license: 'MIT',
    beginnerIssues: 4,
  },
  {
    repoExt: 'vitejs/vite',
    name: 'Vite',
    description: 'Next generation frontend tooling. It is fast!',
    language: 'TypeScript',
    topics: ['frontend', 'build-tool', 'javascript', 'typescript'],
    stars: 71000,
    forks: 6400,
    contributors: 1100,
    usedBy: 2500000,
    license: 'MIT',
    beginnerIssues: 8,
  },
  {
    repoExt: 'fastify/fastify',
    name: 'Fastify',
    description: 'Fast and low overhead web framework, for Node.js.',
    language: 'JavaScript',
    topics: ['nodejs', 'backend', 'web', 'performance'],
    stars: 33000,
    forks: 2300,
    contributors: 800,
    usedBy: 200000,
    license: 'MIT',
    beginnerIssues: 6,
  },
  {
    repoExt: 'kubernetes/kubernetes',
    name: 'Kubernetes',
    description: 'Production-grade container scheduling and management.',
    language: 'Go',
    topics: ['kubernetes', 'containers', 'cloud', 'go'],
    stars: 112000,
    forks: 40000,
    contributors: 3800,
    usedBy: 5000,
    license: 'Apache-2.0',
    beginnerIssues: 35,
  },
  {
    repoExt: 'pytorch/pytorch',
    name: 'PyTorch',
    description: 'Tensors and dynamic neural networks in Python with strong GPU acceleration.',
    language: 'Python',
    topics: ['python', 'machine-learning', 'deep-learning'],
    stars: 86000,
    forks: 23000,
    contributors: 3500,
    usedBy: 400000,
    license: 'BSD-3-Clause',
    beginnerIssues: 45,
  },
  {
    repoExt: 'django/django',
    name: 'Django',
    description: 'The web framework for perfectionists with deadlines.',
    language: 'Python',
    topics: ['python', 'web', 'framework', 'backend'],
    stars: 82000,
    forks: 32000,
    contributors: 2600,
    usedBy: 1800000,
    license: 'BSD-3-Clause',
    beginnerIssues: 10,
  },
  {
    repoExt: 'rails/rails',
    name: 'Ruby on Rails',
    description: 'Ruby on Rails: a web-application framework.',
    language: 'Ruby',
    topics: ['ruby', 'web', 'framework', 'backend'],
    stars: 57000,
    forks: 21000,
    contributors: 6500,
    usedBy: 900000,
    license: 'MIT',
    beginnerIssues: 7,
  },
  {
    repoExt: 'flutter/flutter',
    name: 'Flutter',
    description: 'Build beautiful apps for mobile, web and desktop from a single codebase.',
    language: 'Dart',
    topics: ['flutter', 'dart', 'mobile', 'ui'],
    stars: 168000,
    forks: 28000,
    contributors: 1500,
    usedBy: 600000,
    license: 'BSD-3-Clause',
    beginnerIssues: 50,
  },
  {
    repoExt: 'home-assistant/core',
    name: 'Home Assistant',
    description: 'Open source home automation that puts local control and privacy first.',
    language: 'Python',
    topics: ['python', 'home-automation', 'iot'],
    stars: 75000,
    forks: 31000,
    contributors: 4000,
    usedBy: 2000,
    license: 'Apache-2.0',
    beginnerIssues: 20,
  },
  {
    repoExt: 'godotengine/godot',
    name: 'Godot Engine',
    description: 'Multi-platform 2D and 3D game engine.',
    language: 'C++',
    topics: ['game-engine', 'gamedev', 'cpp'],
    stars: 93000,
    forks: 21000,
    contributors: 2700,
    usedBy: 1000,
    license: 'MIT',
    beginnerIssues: 90,
  },
  {
    repoExt: 'excalidraw/excalidraw',
    name: 'Excalidraw',
    description: 'Virtual whiteboard for sketching hand-drawn like diagrams.',
    language: 'TypeScript',
    topics: ['whiteboard', 'drawing', 'react', 'typescript'],
    stars: 90000,
    forks: 8500,
    contributors: 350,
    usedBy: 20000,
    license: 'MIT',
    beginnerIssues: 15,
  },
  {
    repoExt: 'supabase/supabase',
    name: 'Supabase',
    description: 'The Postgres development platform.',
    language: 'TypeScript',
    topics: ['postgres', 'database', 'backend', 'typescript'],
    stars: 80000,
    forks: 8000,
    contributors: 1300,
    usedBy: 50000,
    license: 'Apache-2.0',
    beginnerIssues: 18,
  },
  {
    repoExt: 'freeCodeCamp/freeCodeCamp',
    name: 'freeCodeCamp',
    description: 'Learn to code for free, with a curriculum and a community.',
    language: 'TypeScript',
    topics: ['education', 'learn-to-code', 'javascript', 'community'],
    stars: 410000,
    forks: 39000,
    contributors: 5000,
    usedBy: 100,
    license: 'BSD-3-Clause',
    beginnerIssues: 25,
  },
  {
    repoExt: 'firstcontributions/first-contributions',
    name: 'First Contributions',
    description: 'Help beginners make their first open source contribution.',
    language: 'Markdown',
    topics: ['beginner-friendly', 'education', 'community', 'hacktoberfest'],
    stars: 47000,
    forks: 90000,
    contributors: 20000,
    usedBy: 10,
    license: 'MIT',
    beginnerIssues: 5,
  },
  {
    repoExt: 'public-apis/public-apis',
    name: 'Public APIs',
    description: 'A collective list of free APIs.',
    language: 'Python',
    topics: ['api', 'list', 'community'],
    stars: 330000,
    forks: 35000,
    contributors: 1100,
    usedBy: 50,
    license: 'MIT',
    beginnerIssues: 3,
  },
];

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
