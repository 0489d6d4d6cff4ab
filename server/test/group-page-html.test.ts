import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './support/app.js';
import { expectCompleteMarkup, renderData, renderedRoot } from './support/rendered-page.js';
import { call, postGroup } from './support/groups.js';
import { buildServerRendering } from './support/server-render-build.js';
import { createSignedInUser } from './support/users.js';

/**
 * A group's page as a browser, a crawler or `curl` gets it: the app's markup rendered by the server from the
 * answers the page asks the API for (discussion-info, and a private group's public card for whoever may not
 * read its details), as the viewer in the session cookie gets them; a 404 for a group that is not there for
 * them; and nothing a viewer may not see anywhere in the HTML.
 */
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let t: TestApp;
let owner: User;
let member: User;
let stranger: User;
let blocked: User;
let publicId: number;
let privateId: number;
let hiddenId: number;
let markdownId: number;
let hostileMarkdownId: number;

const HOSTILE_TITLE = 'Tools </script><script>alert("x")</script> & <b>co</b>';
const PRIVATE_TITLE = 'The quiet compiler circle';
const PRIVATE_DESCRIPTION = 'Our secret plan: a borrow checker for COBOL';
const PRIVATE_DISCORD = 'https://discord.gg/secretroom';

const MARKDOWN_DESCRIPTION = '**Bold** and a [link](https://example.com)\n\n- item';
const HOSTILE_MARKDOWN_DESCRIPTION = 'Click [a trap](javascript:alert(2))\n\n<script>alert(1)</script>';

const page = (url: string, viewer: User | null) => call(t.app, 'GET', url, viewer?.cookie ?? null);

/** What the group's page asks the API, as `viewer`: its details, and its card when the details are refused. */
async function apiAnswers(groupId: number, viewer: User | null) {
  const info = await call(t.app, 'POST', '/api/group-projects/discussion-info', viewer?.cookie ?? null, {
    groupProjectId: groupId,
  });
  const answers = [
    { query: 'discussionInfo', args: [String(groupId)], status: info.statusCode, body: info.json() },
  ];
  if (info.statusCode === 401 || info.statusCode === 403) {
    const card = await call(t.app, 'GET', `/api/group-projects/${groupId}`, viewer?.cookie ?? null);
    answers.push({ query: 'groupCard', args: [String(groupId)], status: card.statusCode, body: card.json() });
  }
  return answers;
}

beforeAll(async () => {
  t = await createTestApp({ webDistDir: await buildServerRendering() });
  const db = t.database.db;
  owner = await createSignedInUser(db, 'page-owner');
  member = await createSignedInUser(db, 'page-member');
  stranger = await createSignedInUser(db, 'page-stranger');
  blocked = await createSignedInUser(db, 'page-blocked');
  publicId = await postGroup(t.app, owner.cookie, { title: HOSTILE_TITLE });
  privateId = await postGroup(t.app, owner.cookie, {
    title: PRIVATE_TITLE,
    description: PRIVATE_DESCRIPTION,
    visibility: 'private',
    discordUrl: PRIVATE_DISCORD,
  });
  const asked = await call(t.app, 'POST', '/api/group-projects/request', member.cookie, {
    groupProjectId: privateId,
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const approved = await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
    groupProjectId: privateId,
    requestUsername: member.login,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  markdownId = await postGroup(t.app, owner.cookie, { description: MARKDOWN_DESCRIPTION });
  hostileMarkdownId = await postGroup(t.app, owner.cookie, { description: HOSTILE_MARKDOWN_DESCRIPTION });
  hiddenId = await postGroup(t.app, owner.cookie, { title: 'Hidden away' });
  await t.database.db
    .updateTable('group_projects')
    .set({ hidden_at: new Date(), hidden_reason: 'spam' })
    .where('id', '=', hiddenId)
    .execute();
  const blocking = await call(t.app, 'POST', '/api/account/blocks', owner.cookie, { login: blocked.login });
  expect(blocking.statusCode, blocking.body).toBeLessThan(300);
});
afterAll(() => t.close());

describe('a group’s page', () => {
  it('holds the group, escaped, rendered in place and complete', async () => {
    const res = await page(`/group-projects/${publicId}`, stranger);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const markup = renderedRoot(res.body);
    expect(markup).toMatch(/<h1 [^>]*>Tools &lt;\/script&gt;&lt;script&gt;alert\(&quot;x&quot;\)/);
    expect(markup).toContain('We build things together.');
    expect(markup).toContain('page-owner');
    expect(markup).toContain('Members (');
    expectCompleteMarkup(markup);
  });

  it('holds its description’s Markdown rendered and sanitised as the browser renders it, not as typed', async () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      const markup = renderedRoot((await page(`/group-projects/${markdownId}`, null)).body);
      expect(markup).toContain('<strong>Bold</strong>');
      expect(markup).toContain(
        '<a href="https://example.com" rel="nofollow noopener noreferrer" target="_blank">link</a>',
      );
      expect(markup).toContain('<li>item</li>');
      expect(markup).not.toContain('**Bold**');
      expectCompleteMarkup(markup);

      const hostile = renderedRoot((await page(`/group-projects/${hostileMarkdownId}`, null)).body);
      // The raw HTML shows as the text it is; the script link keeps its words and loses its address.
      expect(hostile).toContain('<p>Click <a>a trap</a></p>');
      expect(hostile).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(hostile).not.toContain('<script');
      expect(hostile).not.toMatch(/javascript:/i);
      expectCompleteMarkup(hostile);
      // Nothing was left to the browser: the server rendered every part of both pages.
      expect(warn.mock.calls.filter(([first]) => first === 'server rendering:')).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('carries the very answers the API gives the same viewer, and no shared cache keeps it', async () => {
    const viewers = [null, stranger, member, owner, blocked];
    for (const groupId of [publicId, privateId]) {
      for (const viewer of viewers) {
        const res = await page(`/group-projects/${groupId}`, viewer);
        expect(res.statusCode, viewer?.login ?? 'anonymous').toBe(200);
        expect(renderData(res.body).queries, viewer?.login ?? 'anonymous').toEqual(
          await apiAnswers(groupId, viewer),
        );
        expect(res.headers['cache-control']).toBe('private, no-cache');
        expect(res.headers.vary).toContain('cookie');
      }
    }
  });

  it('has its title, description, canonical address and link preview', async () => {
    const { body } = await page(`/group-projects/${publicId}/`, null);
    const url = `${TEST_PUBLIC_URL}/group-projects/${publicId}`;
    expect(body).toContain(
      '<title>OpenLFG - Tools &#60;/script&#62;&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;co&#60;/b&#62;</title>',
    );
    expect(body).toContain('<meta name="description" content="We build things together. Topics: web.');
    expect(body).toContain(`<link rel="canonical" href="${url}" />`);
    expect(body).toContain(`<meta property="og:url" content="${url}" />`);
    expect(body).not.toContain('noindex');
  });

  it('keeps a private group’s details from anyone outside it: markup, data and head', async () => {
    for (const viewer of [null, stranger]) {
      const res = await page(`/group-projects/${privateId}`, viewer);
      // Its description is on its public card, as in the lists; its members and links are not.
      for (const secret of [PRIVATE_DISCORD, 'page-member']) {
        expect(res.body, viewer?.login ?? 'anonymous').not.toContain(secret);
      }
      // Its public card, as the lists show it, with the way to ask to join.
      expect(renderedRoot(res.body)).toContain(PRIVATE_TITLE);
      expect(renderedRoot(res.body)).toContain('Ask to join to see its members and discussion.');
      expect(res.body).toContain('<meta property="og:title" content="A private group on OpenLFG" />');
    }
  });

  it('shows a private group’s details to its members and its owner, and the owner’s tools only to them', async () => {
    for (const viewer of [member, owner]) {
      const markup = renderedRoot((await page(`/group-projects/${privateId}`, viewer)).body);
      expect(markup, viewer.login).toContain(PRIVATE_DISCORD);
      expect(markup, viewer.login).toContain('page-member');
    }
    // Only the owner learns when each member was last active.
    expect(renderedRoot((await page(`/group-projects/${privateId}`, owner)).body)).toMatch(/active|Inactive/);
    expect(renderedRoot((await page(`/group-projects/${privateId}`, member)).body)).not.toMatch(/· active/);
    // The link preview says no more to a member than to anyone.
    const { body } = await page(`/group-projects/${privateId}`, member);
    expect(body).toContain(`<meta name="description" content="This group is private`);
  });

  it.each([
    ['unknown', () => '/group-projects/987654'],
    ['malformed', () => '/group-projects/not-a-number'],
    ['zero', () => '/group-projects/0'],
    ['hidden by a moderator', () => `/group-projects/${hiddenId}`],
  ])('answers 404 with the not-found view, left out of search engines: %s', async (_what, url) => {
    const res = await page(url(), stranger);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(renderedRoot(res.body)).toMatch(/<h1 [^>]*>This group does not exist \(any more\)\.<\/h1>/);
    expect(res.body).not.toContain('rel="canonical"');
    expect(res.body).not.toContain('Hidden away');
  });

  it('shows a hidden group to its owner alone, who learns why, kept out of search engines', async () => {
    const res = await page(`/group-projects/${hiddenId}`, owner);
    expect(res.statusCode).toBe(200);
    expect(renderedRoot(res.body)).toMatch(/Hidden by a moderator: (<!-- -->)?spam/);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });
});
