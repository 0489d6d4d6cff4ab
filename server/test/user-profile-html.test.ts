import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './support/app.js';
import { expectCompleteMarkup, renderData, renderedRoot } from './support/rendered-page.js';
import { call, groupFields } from './support/groups.js';
import { profile, saveProfile } from './support/profiles.js';
import { buildServerRendering } from './support/server-render-build.js';
import { createSignedInUser } from './support/users.js';

/**
 * A person's page as a browser, a crawler or `curl` gets it: the app's markup rendered by the server from the
 * answer `GET /api/users/:login` gives the same viewer, a 404 for a login nobody here has, and nothing of a
 * profile its owner keeps from the viewer anywhere in the HTML.
 */
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let t: TestApp;
let open: User;
let quiet: User;
let stranger: User;
let groupOwner: User;

const SECRET_PITCH = 'Quietly looking for a Haskell group';
const SECRET_LEARNING = 'category theory in secret';
const HOSTILE_PITCH = 'I build </script><script>alert("x")</script> & <b>tools</b>';

const page = (login: string, viewer: User | null) =>
  call(t.app, 'GET', `/users/${login}`, viewer?.cookie ?? null);

beforeAll(async () => {
  t = await createTestApp({ webDistDir: await buildServerRendering() });
  const db = t.database.db;
  open = await createSignedInUser(db, 'open-person');
  quiet = await createSignedInUser(db, 'quiet-person');
  stranger = await createSignedInUser(db, 'stranger-person');
  groupOwner = await createSignedInUser(db, 'group-owner-person');
  await saveProfile(
    t.app,
    open,
    profile({ skills: ['typescript'], lookingForGroup: true, pitch: HOSTILE_PITCH, timezone: 'Etc/GMT-1' }),
  );
  await saveProfile(
    t.app,
    quiet,
    profile({
      skills: ['haskell'],
      lookingForGroup: true,
      pitch: SECRET_PITCH,
      learning: SECRET_LEARNING,
      visibleTo: 'requested-groups',
    }),
  );
  // Quiet asks to join the group owner's private group: that owner may see the profile from then on.
  const group = await call(
    t.app,
    'POST',
    '/api/group-projects/post-project',
    groupOwner.cookie,
    groupFields({ visibility: 'private' }),
  );
  expect(group.statusCode, group.body).toBe(201);
  const asked = await call(t.app, 'POST', '/api/group-projects/request', quiet.cookie, {
    groupProjectId: group.json().groupProjectId,
  });
  expect(asked.statusCode, asked.body).toBe(201);
});
afterAll(() => t.close());

describe('a person’s page', () => {
  it('holds the profile as the viewer may see it, escaped, rendered in place', async () => {
    const res = await page(open.login, stranger);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const markup = renderedRoot(res.body);
    expect(markup).toContain('open-person');
    expect(markup).toContain('TypeScript');
    expect(markup).toContain('Looking for a group');
    expect(markup).toContain('I build &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expectCompleteMarkup(markup);
  });

  it('carries the very answer the API gives the same viewer, and no shared cache keeps it', async () => {
    for (const viewer of [null, stranger, open]) {
      const res = await page(open.login, viewer);
      const api = await call(t.app, 'GET', `/api/users/${open.login}`, viewer?.cookie ?? null);
      expect(renderData(res.body).queries).toEqual([
        { query: 'userProfile', args: [open.login], status: 200, body: api.json() },
      ]);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toContain('cookie');
    }
  });

  it('has its title, description, canonical address and link preview', async () => {
    const { body } = await page('OPEN-PERSON', stranger);
    const url = `${TEST_PUBLIC_URL}/users/open-person`;
    expect(body).toContain('<title>OpenLFG - open-person</title>');
    expect(body).toContain(
      '<meta name="description" content="open-person on OpenLFG, looking for a group. Skills: TypeScript." />',
    );
    expect(body).toContain(`<link rel="canonical" href="${url}" />`);
    expect(body).toContain(`<meta property="og:url" content="${url}" />`);
    expect(body).not.toContain('noindex');
  });

  it('keeps what its owner keeps from the viewer out of the markup, the data and the head', async () => {
    for (const viewer of [null, stranger]) {
      const res = await page(quiet.login, viewer);
      expect(res.statusCode).toBe(200);
      for (const secret of [SECRET_PITCH, SECRET_LEARNING, 'haskell', 'Haskell']) {
        expect(res.body, viewer?.login ?? 'anonymous').not.toContain(secret);
      }
      const [query] = renderData(res.body).queries;
      expect(query?.body).toEqual({
        login: quiet.login,
        name: quiet.login,
        avatarUrl: null,
        restricted: true,
        own: false,
      });
      expect(renderedRoot(res.body)).toContain('quiet-person');
    }
  });

  it('shows it to whom its owner allows: the owner of a group they asked to join, and themselves', async () => {
    for (const viewer of [groupOwner, quiet]) {
      const res = await page(quiet.login, viewer);
      expect(renderedRoot(res.body)).toContain(SECRET_PITCH);
      expect(renderedRoot(res.body)).toContain(SECRET_LEARNING);
    }
  });

  it.each([['/users/nobody-here-at-all'], ['/users/nobody-here-at-all/'], ['/users/bad%20login']])(
    'answers 404 with the app’s not-found page, left out of search engines: %s',
    async (url) => {
      const res = await call(t.app, 'GET', url, stranger.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toMatch(/<div id="root">[^]*<h1 [^>]*>Page not found<\/h1>/);
      expect(res.body).not.toContain('rel="canonical"');
      const [query] = renderData(res.body).queries;
      expect(query).toMatchObject({ query: 'userProfile', status: 404 });
    },
  );
});
