import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_RENDER_DATA_ID } from '@openlfg/contracts';
import { freePort, waitForHttp } from './processes.js';

/**
 * The site as Lighthouse measures it (lighthouse.ts): the production server with its demo data, and the addresses
 * of the pages it measures there.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _embedded, ...rest } = env;
  return rest;
}

/** The production server with its demo data, as `npm start` runs it (build first). */
export async function startSite(dataDir: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...withoutDatabaseUrl(process.env),
      // As `npm start` runs it: the production build, with the demo catalogue and development sign-in.
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL_MINUTES: '0',
      // Lighthouse and the set-up requests come from one address.
      RATE_LIMIT_PER_MINUTE: '0',
    },
  });
  await waitForHttp('the server', `${origin}/api/health`, 120_000);
  return { origin, child };
}

/** The cookies a set of answers sets, as a Cookie header. */
function cookiesOf(...responses: Response[]): string {
  return responses
    .flatMap((response) => response.headers.getSetCookie())
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * Development sign-in as the browser goes through it: authorize, the built-in sign-in page's redirect back with a
 * code, then the web app's login call. Answers the session cookie.
 */
async function signIn(origin: string, login: string): Promise<string> {
  const authorize = await fetch(`${origin}/api/account/authorize?login=${login}`, { redirect: 'manual' });
  const devPage = await fetch(new URL(authorize.headers.get('location') ?? '', origin), {
    redirect: 'manual',
  });
  const back = new URL(devPage.headers.get('location') ?? '', origin);
  const loggedIn = await fetch(`${origin}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookiesOf(authorize) },
    body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  });
  if (!loggedIn.ok)
    throw new Error(`Development sign-in failed: ${loggedIn.status} ${await loggedIn.text()}`);
  return cookiesOf(loggedIn);
}

/** The newest group's page in the site's list; with no group, one is posted first. */
export async function groupPageUrl(origin: string): Promise<string> {
  const list = async (): Promise<number | undefined> => {
    const response = await fetch(`${origin}/api/group-projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sortField: 'date_posted', order: 'DESC', page: 1 }),
    });
    const answer = (await response.json()) as { data?: { groupProjectId: number }[] };
    return answer.data?.[0]?.groupProjectId;
  };
  let id = await list();
  if (id === undefined) {
    const cookie = await signIn(origin, 'lighthouse-owner');
    const posted = await fetch(`${origin}/api/group-projects/post-project`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: 'Rust command-line tools',
        description:
          'A small group building command-line tools in Rust: argument parsing, colourful output and good error messages. Beginners welcome.',
        topics: ['rust', 'cli'],
        skillLevel: 'Any level',
        visibility: 'public',
      }),
    });
    if (!posted.ok) throw new Error(`Posting a group failed: ${posted.status} ${await posted.text()}`);
    id = await list();
  }
  if (id === undefined) throw new Error('The group list is empty');
  return `${origin}/group-projects/${id}`;
}

/**
 * The page of the first project Discover lists (its default sort), as a visitor following a card lands on it.
 * It must be a page the server rendered (its HTML holds the rendered page's data), as search engines and shared
 * links see it: a page left to the browser would measure something else.
 */
export async function projectPageUrl(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sortField: 'contributors', order: 'DESC', page: 1 }),
  });
  const answer = (await response.json()) as { data?: { repoExt: string }[] };
  const [owner, name] = answer.data?.[0]?.repoExt.split('/') ?? [];
  if (!owner || !name) throw new Error('The project list is empty');
  const url = `${origin}/projects/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
  const page = await fetch(url);
  if (!page.ok || !(await page.text()).includes(`id="${SERVER_RENDER_DATA_ID}"`)) {
    throw new Error(`${new URL(url).pathname} is not a server-rendered page (${page.status})`);
  }
  return url;
}
