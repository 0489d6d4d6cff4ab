import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GROUP_EXCERPT_MAX } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRIVATE_GROUP_DESCRIPTION,
  PRIVATE_GROUP_TITLE,
  SITE_DESCRIPTION,
  SITE_TITLE,
} from '../src/groups/share-preview.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './support/app.js';
import { call, groupFields } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

/** A built index.html as Vite writes it: the tags go before its `</head>`. */
const INDEX =
  '<!doctype html><html><head><title>OpenLFG</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let owner: { cookie: string };

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'openlfg-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ webDistDir: dist });
  owner = await createSignedInUser(t.database.db, 'share-owner');
});
afterAll(() => t.close());

async function postGroup(fields: Record<string, unknown>): Promise<number> {
  const res = await call(t.app, 'POST', '/api/group-projects/post-project', owner.cookie, {
    ...groupFields(),
    ...fields,
  });
  expect(res.statusCode).toBe(201);
  return res.json().groupProjectId as number;
}

/** The page's HTML as a chat app's crawler fetches it: anonymously. */
async function page(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return res.body;
}

/** The meta tags of a page, by property or name, as a crawler reads them (entities decoded). */
function metaOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key = '', value = ''] of html.matchAll(
    /<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g,
  )) {
    tags[key] = value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  }
  return tags;
}

const SITE_PREVIEW = {
  'og:site_name': SITE_TITLE,
  'og:type': 'website',
  'og:title': SITE_TITLE,
  'og:description': SITE_DESCRIPTION,
  'og:url': `${TEST_PUBLIC_URL}/`,
  'twitter:card': 'summary',
  'twitter:title': SITE_TITLE,
  'twitter:description': SITE_DESCRIPTION,
};

describe('link previews of a group page', () => {
  it('names a public group, its excerpt, topics and member count', async () => {
    const id = await postGroup({
      title: 'Compiler club',
      description: 'We write a **tiny compiler** in [Rust](https://www.rust-lang.org).\n\n- one pass a week',
      topics: ['rust', 'compilers'],
      maxMembers: 5,
    });
    const html = await page(`/group-projects/${id}`);
    const description =
      'We write a tiny compiler in Rust. one pass a week. Topics: rust, compilers. 1 of 5 members.';
    expect(metaOf(html)).toEqual({
      'og:site_name': SITE_TITLE,
      'og:type': 'website',
      'og:title': 'Compiler club',
      'og:description': description,
      'og:url': `${TEST_PUBLIC_URL}/group-projects/${id}`,
      'twitter:card': 'summary',
      'twitter:title': 'Compiler club',
      'twitter:description': description,
    });
    // The tags sit in the head of the app's own page, which still loads.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes everything it puts into the HTML', async () => {
    const title = `Tom's "quotes" <script>alert(1)</script> & co`;
    const id = await postGroup({ title, description: 'Say "hi" & <b>bye</b>' });
    const html = await page(`/group-projects/${id}`);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      'content="Tom&#39;s &#34;quotes&#34; &#60;script&#62;alert(1)&#60;/script&#62; &#38; co"',
    );
    expect(metaOf(html)['og:title']).toBe(title);
    expect(metaOf(html)['og:description']).toBe('Say "hi" & <b>bye</b>. Topics: web. 1 member.');
  });

  it('says only that a private group is private', async () => {
    const id = await postGroup({
      title: 'Secret society',
      description: 'Our hidden plans',
      topics: ['mystery'],
      visibility: 'private',
    });
    const html = await page(`/group-projects/${id}`);
    const tags = metaOf(html);
    expect(tags['og:title']).toBe(PRIVATE_GROUP_TITLE);
    expect(tags['og:description']).toBe(PRIVATE_GROUP_DESCRIPTION);
    expect(tags['twitter:title']).toBe(PRIVATE_GROUP_TITLE);
    expect(tags['og:url']).toBe(`${TEST_PUBLIC_URL}/group-projects/${id}`);
    for (const secret of ['Secret society', 'hidden plans', 'mystery', 'member'])
      expect(html).not.toContain(secret);
  });

  it('gives a hidden group the site’s preview, as if it did not exist', async () => {
    const id = await postGroup({ title: 'Spam for sale', description: 'Buy now' });
    await sql`update group_projects set hidden_at = now(), hidden_reason = 'spam' where id = ${id}`.execute(
      t.database.db,
    );
    const html = await page(`/group-projects/${id}`);
    expect(metaOf(html)).toEqual(SITE_PREVIEW);
    expect(html).not.toContain('Spam for sale');
  });

  it.each([
    '/group-projects/999999',
    '/group-projects/0',
    '/group-projects/abc',
    '/group-projects/99999999999999999999',
  ])('gives %s, no group, the site’s preview', async (url) => {
    expect(metaOf(await page(url))).toEqual(SITE_PREVIEW);
  });

  it.each(['/', '/group-projects', '/my-projects?view=groups'])(
    'gives %s the site’s preview',
    async (url) => {
      expect(metaOf(await page(url))).toEqual(SITE_PREVIEW);
    },
  );

  it('previews the group as it is after an edit', async () => {
    const id = await postGroup({ title: 'Old name' });
    const res = await call(t.app, 'POST', '/api/group-projects/edit-project', owner.cookie, {
      groupProjectId: id,
      ...groupFields({ title: 'New name' }),
    });
    expect(res.statusCode).toBe(200);
    expect(metaOf(await page(`/group-projects/${id}/`))['og:title']).toBe('New name');
  });
});

describe('the list’s plain excerpt', () => {
  it('carries the description as short plain text, not the Markdown', async () => {
    const long =
      `**Bold** start with \`code\`, a [link](https://example.com) and ${'more words '.repeat(60)}`.trim();
    const id = await postGroup({ title: 'Excerpt check', description: long });
    const res = await call(t.app, 'POST', '/api/group-projects', null, {
      page: 1,
      sortField: 'date_posted',
      order: 'DESC',
    });
    expect(res.statusCode).toBe(200);
    const card = (res.json().data as Record<string, unknown>[]).find((group) => group.groupProjectId === id);
    expect(card).not.toHaveProperty('description');
    const excerpt = String(card?.excerpt);
    expect(excerpt.startsWith('Bold start with code, a link and more words')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(GROUP_EXCERPT_MAX);
    expect(excerpt.endsWith('…')).toBe(true);

    // The group's own card keeps the whole description, Markdown and all, for its page.
    const own = await call(t.app, 'GET', `/api/group-projects/${id}`, null);
    expect(own.json().description).toBe(long);
  });
});
