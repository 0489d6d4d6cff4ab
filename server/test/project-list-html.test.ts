import type { PrefetchedQuery } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call } from './support/groups.js';
import { addProject } from './support/issues.js';
import { expectCompleteMarkup, renderData, renderedRoot } from './support/rendered-page.js';
import { buildServerRendering } from './support/server-render-build.js';
import { createSignedInUser } from './support/users.js';

/**
 * Discover as a browser, a crawler or `curl` gets it: the first page of the catalogue the address asks for (its
 * sort, filters, search and page), rendered by the server from the very answer the API gives that request, so
 * the projects show at the first paint; the same for every viewer.
 */
let t: TestApp;

const page = (url: string, cookie: string | null = null) => call(t.app, 'GET', url, cookie);

/** The page's embedded answer for its list: the API's own for the request it names, which it returns. */
async function expectApiAnswer(html: string): Promise<Record<string, unknown>> {
  const lists = (renderData(html).queries as PrefetchedQuery[]).filter(
    ({ query }) => query === 'projectList',
  );
  expect(lists).toHaveLength(1);
  const [{ args, status, body }] = lists as [PrefetchedQuery];
  const request = JSON.parse(args[0] ?? '') as Record<string, unknown>;
  const res = await call(t.app, 'POST', '/api/projects', null, request);
  expect({ status, body }).toEqual({ status: res.statusCode, body: res.json() });
  return request;
}

beforeAll(async () => {
  t = await createTestApp({ webDistDir: await buildServerRendering() });
  await addProject(t.database.db, 'Acme/Widgets', { language: 'Go', topics: ['cli', 'go'] });
  await addProject(t.database.db, 'Acme/Gadgets', { language: 'Rust', topics: ['rust'] });
});
afterAll(() => t.close());

describe('Discover', () => {
  it('holds the catalogue’s first page, rendered in place and complete, from the API’s own answer', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    const markup = renderedRoot(res.body);
    expect(markup).toContain('Widgets');
    expect(markup).toContain('Gadgets');
    expectCompleteMarkup(markup);
    const request = await expectApiAnswer(res.body);
    expect(request).toMatchObject({ page: 1, filters: { topics: [], languages: [] }, showNew: false });
    expect(res.body).toContain('<title>OpenLFG - Open source projects</title>');
  });

  it('holds the list the address asks for: its filters and search', async () => {
    const res = await page('/?languages=Rust&q=gadgets');
    const markup = renderedRoot(res.body);
    expect(markup).toContain('Gadgets');
    expect(markup).not.toContain('Widgets');
    const request = await expectApiAnswer(res.body);
    expect(request).toMatchObject({ filters: { topics: [], languages: ['Rust'] }, q: 'gadgets', page: 1 });
  });

  it('holds the language filter’s figures, from the API’s own answer: the line under the filter is there at once', async () => {
    const res = await page('/?sort=newest');
    expect(renderedRoot(res.body)).toContain('2 of 2 projects have a known language.');
    const languages = (renderData(res.body).queries as PrefetchedQuery[]).filter(
      ({ query }) => query === 'projectLanguages',
    );
    const api = await call(t.app, 'GET', '/api/projects/languages', null);
    expect(languages).toEqual([{ query: 'projectLanguages', args: [], status: 200, body: api.json() }]);
  });

  it('is the same for every viewer: it does not vary by the session cookie', async () => {
    const viewer = await createSignedInUser(t.database.db, 'discover-viewer');
    const anonymous = await page('/');
    const signedIn = await page('/', viewer.cookie);
    expect(renderData(signedIn.body).queries).toEqual(renderData(anonymous.body).queries);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(signedIn.headers.vary ?? '').not.toContain('cookie');
  });
});
