import { projectIssuesRequest, type ProjectPageResponse } from '@openlfg/contracts';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './support/app.js';
import { expectCompleteMarkup, renderData, renderedRoot } from './support/rendered-page.js';
import { call, groupFields } from './support/groups.js';
import { addIssue, addProject } from './support/issues.js';
import { buildServerRendering } from './support/server-render-build.js';
import { createSignedInUser } from './support/users.js';

/**
 * A project's page as search engines, link previews and `curl` get it: the app's own markup rendered by the
 * server (the real server rendering, built from the sources), its head, and a 404 for an unknown project.
 */
const HOSTILE = 'Widgets </script><script>alert("x")</script> & <b>more</b>';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDistDir: await buildServerRendering() });
  const db = t.database.db;
  const project = await addProject(db, 'Acme/Widgets', { language: 'Go', topics: ['cli', 'go'] });
  await db.updateTable('projects').set({ description: HOSTILE, license: 'MIT' }).execute();
  await addIssue(db, project, 7, { title: 'Fix the flag parser' });
  await addIssue(db, project, 8, { title: 'Document the <config> file' });
  const ada = await createSignedInUser(db, 'ada');
  const res = await call(t.app, 'POST', '/api/group-projects/post-project', ada.cookie, {
    ...groupFields({ title: 'Widget builders' }),
    repository: 'https://github.com/acme/widgets',
  });
  expect(res.statusCode, res.body).toBe(201);
  await addProject(db, 'Acme/Plain');
  await sql`update projects set description = null where repo_ext = 'Acme/Plain'`.execute(db);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The text content of the first element the pattern's group captures, or of every one. */
const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] ?? '');
const attribute = (html: string, tag: RegExp) => tag.exec(html)?.[1];

describe('a project page’s HTML', () => {
  it('holds the page itself: name, description, topics, issue titles and groups, escaped', async () => {
    const res = await get('/projects/acme/widgets');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const root = renderedRoot(res.body);
    expect(root).toContain('Acme/Widgets');
    expect(root).toContain(
      'Widgets &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;more&lt;/b&gt;',
    );
    expect(root).not.toContain('<script>alert');
    expectCompleteMarkup(root);
    expect(root).toContain('cli');
    expect(root).toContain('Fix the flag parser');
    expect(root).toContain('Document the &lt;config&gt; file');
    expect(root).toContain('Widget builders');
  });

  it('is sent compressed to a browser that takes compression, and whole to one that does not', async () => {
    const whole = await get('/projects/acme/widgets');
    const res = await t.app.inject({
      method: 'GET',
      url: '/projects/acme/widgets',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(whole.rawPayload.length / 2);
    // The same page, and the same embedded answers, once decompressed (the clock it carries differs).
    const page = brotliDecompressSync(res.rawPayload).toString();
    expect(renderedRoot(page)).toBe(renderedRoot(whole.body));
    expect(whole.headers['content-encoding']).toBeUndefined();
  });

  it('has its title, description, canonical address, link preview and structured data', async () => {
    const { body } = await get('/projects/ACME/widgets/');
    const url = `${TEST_PUBLIC_URL}/projects/Acme/Widgets`;
    expect(all(body, /<title>([^<]*)<\/title>/g)).toEqual(['OpenLFG - Acme/Widgets']);
    const description = all(body, /<meta name="description" content="([^"]*)"/g);
    expect(description).toHaveLength(1);
    expect(description[0]).toContain('Widgets &#60;/script&#62;&#60;script&#62;alert(&#34;x&#34;)');
    expect(description[0]).toContain('Topics: cli, go.');
    expect(attribute(body, /<link rel="canonical" href="([^"]*)"/)).toBe(url);
    expect(attribute(body, /<meta property="og:url" content="([^"]*)"/)).toBe(url);
    expect(attribute(body, /<meta property="og:title" content="([^"]*)"/)).toBe('OpenLFG - Acme/Widgets');
    expect(attribute(body, /<meta property="og:description" content="([^"]*)"/)).toBe(description[0]);
    expect(attribute(body, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary');
    expect(body).not.toContain('noindex');

    const jsonLd = all(body, /<script type="application\/ld\+json">([^]*?)<\/script>/g);
    expect(jsonLd).toHaveLength(1);
    expect(jsonLd[0]).not.toMatch(/[<>]/);
    expect(JSON.parse(jsonLd[0] ?? '')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'SoftwareSourceCode',
      name: 'Acme/Widgets',
      url,
      codeRepository: 'https://github.com/Acme/Widgets',
      description: HOSTILE,
      programmingLanguage: 'Go',
      keywords: 'cli, go',
      license: 'MIT',
    });
  });

  it('carries the answers it was rendered from, as the API gives them to an anonymous visitor', async () => {
    const { body } = await get('/projects/acme/widgets');
    const data = renderData(body);
    const page = await get('/api/projects/acme/widgets');
    expect(data.queries.find((q) => q.query === 'projectPage')).toMatchObject({
      status: 200,
      body: page.json(),
    });
    const projectId = (page.json() as ProjectPageResponse).project.projectId;
    const issues = await call(t.app, 'POST', '/api/issues', null, projectIssuesRequest(projectId));
    expect(data.queries.find((q) => q.query === 'projectIssues')).toEqual({
      query: 'projectIssues',
      args: [String(projectId)],
      status: 200,
      body: issues.json(),
    });
  });

  it('says what the project is when it has no description', async () => {
    const { body } = await get('/projects/acme/plain');
    expect(attribute(body, /<meta name="description" content="([^"]*)"/)).toBe(
      'Acme/Plain, an open source project on GitHub.',
    );
  });

  it.each([['/projects/acme/nothing'], ['/projects/nobody/widgets'], ['/projects/bad%20owner/x']])(
    'answers 404 with the not-found page, left out of search engines: %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toMatch(/<div id="root">[^]*<h1 [^>]*>Page not found<\/h1>/);
      expect(res.body).not.toContain('rel="canonical"');
      expect(res.body).not.toContain('application/ld+json');
    },
  );
});
