import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd.js"></script></head></html>';

const APP_JS = `console.log(${JSON.stringify('app '.repeat(500))})`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'openlfg-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd.js'), APP_JS);
  // As the web build writes them beside each text file.
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd.js.gz'), gzipSync(APP_JS, { level: 1 }));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As the web build writes it: the group list's code is lazily loaded, Discover's is the first visit's.
  writeFileSync(
    path.join(dist, 'page-preloads.json'),
    JSON.stringify({
      routes: [
        { path: '/', files: [] },
        {
          path: '/group-projects',
          files: ['/assets/GroupProjectsPage-Ef34.js', '/assets/GroupProjectsPage-Gh56.css'],
        },
      ],
    }),
  );
  t = await createTestApp({ webDistDir: dist });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['br, gzip', 'br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', 'gz', gunzipSync],
  ])(
    'sends the build’s compressed copy to a browser that takes %s',
    async (accepts, encoding, extension, decompress) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/index-Ab12Cd.js',
        headers: { 'accept-encoding': accepts },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      // The file the build wrote, not one compressed again for the request.
      expect(
        res.rawPayload.equals(readFileSync(path.join(dist, 'assets', `index-Ab12Cd.js.${extension}`))),
      ).toBe(true);
      expect(decompress(res.rawPayload).toString()).toBe(APP_JS);
    },
  );

  it('sends the file as it is to a browser that takes no compression', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(APP_JS);
  });

  it('serves unhashed files with revalidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/group-projects', '/my-projects?view=groups', '/some/deep/link'])(
    'answers the page route %s with index.html, never cached stale',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      // index.html with the site's link preview in its head (share-preview.test.ts checks the tags).
      const [head = '', rest = ''] = INDEX.split('</head>');
      expect(res.body.startsWith(head)).toBe(true);
      expect(res.body.endsWith(`</head>${rest}`)).toBe(true);
      expect(res.body).toContain('<meta property="og:title" content="OpenLFG" />');
    },
  );

  it("names a lazily loaded page's code in its head, to load beside the first visit's script", async () => {
    const head = async (url: string) =>
      (await t.app.inject({ method: 'GET', url })).body.split('</head>')[0] ?? '';
    const groups = await head('/group-projects');
    expect(groups).toContain(
      '<link rel="modulepreload" href="/assets/GroupProjectsPage-Ef34.js" crossorigin fetchpriority="low" />',
    );
    expect(groups).toContain(
      '<link rel="preload" as="style" href="/assets/GroupProjectsPage-Gh56.css" crossorigin fetchpriority="low" />',
    );
    expect(await head('/')).not.toContain('preload');
  });

  it('answers a missing file with a plain 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('Not found');
  });

  it('keeps /api paths out of the page fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  // The router decodes paths before matching, so an unknown /%61pi/... path is an unknown API path too.
  it.each(['/%61pi/nothing-here', '/%61pi'])('keeps %s out of the page fallback', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('says how to build when the web app is missing', async () => {
    const bare = await createTestApp({ webDistDir: path.join(tmpdir(), 'openlfg-no-such-dist') });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
