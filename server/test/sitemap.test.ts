import { ErrorCode } from '@openlfg/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../src/groups/policy.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './support/app.js';
import { postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

/**
 * What search engines read: /robots.txt, the sitemap index and its pages. Files of 3 addresses here (the
 * page size is the app's to inject), so a handful of rows spans several files.
 */
const PAGE_SIZE = 3;
let t: TestApp;
let owner: { id: number; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ sitemap: { pageSize: PAGE_SIZE, batchSize: 2 } });
  owner = await createSignedInUser(t.database.db, 'sitemap-owner');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The addresses of a sitemap document, as a crawler reads them (entities decoded). */
function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) =>
    (loc ?? '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

async function addProjects(repos: string[]): Promise<void> {
  await t.database.db
    .insertInto('projects')
    .values(repos.map((repo) => ({ repo_ext: repo, name: repo, description: null, language: null })))
    .execute();
}

/** Every address of every file the index names, and each file's size. */
async function readAll(): Promise<{ files: string[]; perFile: number[]; all: string[] }> {
  const index = await get('/sitemap.xml');
  expect(index.statusCode).toBe(200);
  const files = locations(index.body);
  const perFile: number[] = [];
  const all: string[] = [];
  for (const file of files) {
    expect(file.startsWith(`${TEST_PUBLIC_URL}/sitemaps/`)).toBe(true);
    const res = await get(file.slice(TEST_PUBLIC_URL.length));
    expect(res.statusCode, file).toBe(200);
    const urls = locations(res.body);
    perFile.push(urls.length);
    all.push(...urls);
  }
  return { files, perFile, all };
}

describe('robots.txt', () => {
  it('points to the sitemap and keeps crawlers out of the API and the pages that are one person’s own', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    for (const path of ['/api/', '/admin', '/settings/', '/notifications', '/invite/', '/my-projects']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
  });
});

describe('the sitemap', () => {
  it('is an empty index on an empty site, and its first page is a 404', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locations(index.body)).toEqual([]);
    const page = await get('/sitemaps/projects-1.xml');
    expect(page.statusCode).toBe(404);
    expect(page.json().error.code).toBe(ErrorCode.notFound);
  });

  it('lists every project page in files of at most the page size, the index naming just enough of them', async () => {
    const repos = Array.from({ length: 7 }, (_, i) => `owner-${i}/project.${i}`);
    await addProjects(repos);
    const { files, perFile, all } = await readAll();
    expect(files).toEqual([1, 2, 3].map((n) => `${TEST_PUBLIC_URL}/sitemaps/projects-${n}.xml`));
    expect(perFile).toEqual([3, 3, 1]);
    expect(all).toEqual(repos.map((repo) => `${TEST_PUBLIC_URL}/projects/${repo}`));
    expect((await get('/sitemaps/projects-4.xml')).statusCode).toBe(404);
  });

  it('is XML with its content type, every project with the date its page last changed', async () => {
    const res = await get('/sitemaps/projects-1.xml');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
    const lastmods = [...res.body.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map(([, d]) => d ?? '');
    expect(lastmods).toHaveLength(3);
    for (const date of lastmods) {
      expect(date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      expect(Math.abs(Date.parse(date) - Date.now())).toBeLessThan(86_400_000);
    }
  });

  it('escapes what XML cannot carry as written in an odd name', async () => {
    await addProjects(['o\'brien/it\'s-<b>&"fun"']);
    const { all } = await readAll();
    expect(all).toContain(`${TEST_PUBLIC_URL}/projects/o'brien/it's-%3Cb%3E%26%22fun%22`);
    const last = await get('/sitemaps/projects-3.xml');
    expect(last.body).toContain(
      '<loc>http://localhost:3000/projects/o&apos;brien/it&apos;s-%3Cb%3E%26%22fun%22</loc>',
    );
    // No markup but the sitemap's own: every < opens one of its elements, every & an entity.
    expect(last.body.replace(/<\/?(\?xml|urlset|url|loc|lastmod)\b/g, '')).not.toContain('<');
    expect(last.body).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  });

  it('lists exactly the groups the policy lets anybody read: never a private or a hidden one', async () => {
    const statuses = ['open', 'closed', 'archived'] as const;
    const cases = [];
    for (const visibility of ['public', 'private'] as const) {
      for (const hidden of [false, true]) {
        for (const status of statuses) {
          const id = await postGroup(t.app, owner.cookie, { visibility });
          await t.database.db
            .updateTable('group_projects')
            .set({ status, hidden_at: hidden ? new Date() : null })
            .where('id', '=', id)
            .execute();
          const readable = [
            decide('read-card', { actor: 'anonymous', visibility, hidden, status }),
            decide('read-info', { actor: 'anonymous', visibility, hidden, status }),
          ].every((d) => d.allowed);
          cases.push({ id, visibility, hidden, status, readable });
        }
      }
    }
    const { all } = await readAll();
    const listed = new Set(
      all.filter((url) => url.includes('/group-projects/')).map((url) => Number(url.split('/').at(-1))),
    );
    expect(cases.filter((c) => listed.has(c.id))).toEqual(cases.filter((c) => c.readable));
    // What that means today, in words: public and not hidden, whatever the owner's status.
    expect(cases.filter((c) => c.readable).every((c) => c.visibility === 'public' && !c.hidden)).toBe(true);
    expect(cases.filter((c) => c.readable)).toHaveLength(statuses.length);
    // Three readable groups fill exactly one file: the index names no empty second one.
    expect((await get('/sitemaps/groups-1.xml')).statusCode).toBe(200);
    expect((await get('/sitemaps/groups-2.xml')).statusCode).toBe(404);
  });

  it('answers a file name it does not serve with a 4xx, never a 5xx', async () => {
    for (const name of [
      'projects-0.xml',
      'people-1.xml',
      'projects-1',
      'projects-1.xml.gz',
      'projects-9999999.xml',
    ]) {
      const res = await get(`/sitemaps/${name}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code).toBe(ErrorCode.validation);
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 30 }), async (name) => {
        const res = await get(`/sitemaps/${encodeURIComponent(name)}`);
        expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, name).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
    expect((await get('/sitemaps/groups-999999.xml')).statusCode).toBe(404);
  });
});
