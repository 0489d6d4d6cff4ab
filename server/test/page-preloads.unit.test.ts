import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE, readPagePreloads } from '../src/platform/http/page-preloads.js';

/** The routes as the web's router declares them, each with files named after it. */
const ROUTES = [
  { path: '/', files: [] },
  { path: '/group-projects', files: ['/assets/GroupProjectsPage-a1.js', '/assets/GroupProjectsPage-a2.css'] },
  {
    path: '/group-projects/:groupProjectId',
    files: ['/assets/GroupProjectPage-b1.js', '/assets/Modal-b2.js'],
  },
  { path: '/invite/:token', files: ['/assets/GroupProjectPage-b1.js'] },
  { path: '/settings/email/*', files: ['/assets/EmailSettingsPage-c1.js'] },
  {
    path: '/projects/:owner/:name',
    files: ['/assets/ProjectPage-e1.js', '/assets/ProjectPage-e2.css', '/assets/Modal-e3.css'],
    styles: '/assets/page-e4.css',
  },
  { path: '/*', files: ['/assets/NotFoundPage-d1.js'] },
];

function distWith(content: string | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'openlfg-preloads-'));
  if (content !== null) writeFileSync(path.join(dir, PAGE_PRELOADS_FILE), content);
  return dir;
}

function preloadsOf(content: string | null) {
  const warnings: string[] = [];
  const preloadsFor = readPagePreloads(distWith(content), (message) => warnings.push(message));
  /** The files a page's HTML names, in order. */
  const files = (pathname: string) =>
    [...preloadsFor(pathname).matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
  return { preloadsFor, files, warnings };
}

describe('the preloads of a page', () => {
  const { preloadsFor, files, warnings } = preloadsOf(JSON.stringify({ routes: ROUTES }));

  it.each([
    ['/', []],
    ['/group-projects', ['/assets/GroupProjectsPage-a1.js', '/assets/GroupProjectsPage-a2.css']],
    ['/group-projects/', ['/assets/GroupProjectsPage-a1.js', '/assets/GroupProjectsPage-a2.css']],
    ['/group-projects/12', ['/assets/GroupProjectPage-b1.js', '/assets/Modal-b2.js']],
    ['/Group-Projects/12', ['/assets/GroupProjectPage-b1.js', '/assets/Modal-b2.js']],
    ['/invite/x%20y', ['/assets/GroupProjectPage-b1.js']],
    ['/settings/email', ['/assets/EmailSettingsPage-c1.js']],
    ['/settings/email/unsubscribe/abc', ['/assets/EmailSettingsPage-c1.js']],
    ['/group-projects/12/more', ['/assets/NotFoundPage-d1.js']],
    ['/no/such/page', ['/assets/NotFoundPage-d1.js']],
  ])('%s names %j', (pathname, expected) => {
    expect(files(pathname)).toEqual(expected);
    expect(warnings).toEqual([]);
  });

  it('loads code as a module and styles as styles, after what the first paint needs', () => {
    expect(preloadsFor('/group-projects')).toBe(
      '<link rel="modulepreload" href="/assets/GroupProjectsPage-a1.js" crossorigin fetchpriority="low" />' +
        '<link rel="preload" as="style" href="/assets/GroupProjectsPage-a2.css" crossorigin fetchpriority="low" />',
    );
  });

  it('applies the styles of a page the server rendered, whose markup the first paint shows', () => {
    expect(preloadsFor('/group-projects', { rendered: true })).toBe(
      '<link rel="modulepreload" href="/assets/GroupProjectsPage-a1.js" crossorigin fetchpriority="low" />' +
        '<link rel="stylesheet" href="/assets/GroupProjectsPage-a2.css" crossorigin />',
    );
  });
});

describe('a rendered page whose stylesheets the build combined', () => {
  const { preloadsFor, warnings } = preloadsOf(JSON.stringify({ routes: ROUTES }));

  it('applies the one combined stylesheet and names each it holds disabled, so none is fetched again', () => {
    expect(preloadsFor('/projects/acme/one', { rendered: true })).toBe(
      '<link rel="stylesheet" href="/assets/page-e4.css" crossorigin />' +
        '<link rel="modulepreload" href="/assets/ProjectPage-e1.js" crossorigin fetchpriority="low" />' +
        '<link rel="stylesheet" href="/assets/ProjectPage-e2.css" crossorigin disabled />' +
        '<link rel="stylesheet" href="/assets/Modal-e3.css" crossorigin disabled />',
    );
    expect(warnings).toEqual([]);
  });

  it('preloads the stylesheets themselves in the app’s shell, which the page’s code applies', () => {
    expect(preloadsFor('/projects/acme/one')).not.toContain('page-e4.css');
  });
});

describe('a list the server cannot use', () => {
  it('is no list at all when the build wrote none', () => {
    const { files, warnings } = preloadsOf(null);
    expect(files('/group-projects/1')).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['not JSON', '{'],
    ['no routes', '{}'],
    ['a route without files', JSON.stringify({ routes: [{ path: '/x' }] })],
    [
      'a file that would leave its attribute',
      JSON.stringify({ routes: [{ path: '*', files: ['/assets/a.js" onload="alert(1)'] }] }),
    ],
    [
      'combined styles that would leave their attribute',
      JSON.stringify({ routes: [{ path: '*', files: [], styles: '/assets/a.css" onload="x' }] }),
    ],
    [
      'a file from elsewhere',
      JSON.stringify({ routes: [{ path: '*', files: ['https://example.com/a.js'] }] }),
    ],
  ])('is said and left out: %s', (_, content) => {
    const { files, warnings } = preloadsOf(content);
    expect(files('/group-projects/1')).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('pages are served without preloads');
  });
});
