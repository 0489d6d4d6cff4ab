import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_RENDER_DATA_ID, type PageQueries, type ServerRenderData } from '@openlfg/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RenderedPageContent } from '../src/platform/http/server-render.js';
import { registerSpa } from '../src/platform/http/spa.js';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="The site."
    />
    <title>OpenLFG</title>
  </head>
  <body>
    <noscript>OpenLFG needs JavaScript to run.</noscript>
    <div id="root"></div>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>`;

/** A built site whose server rendering is `renderSource` (the body of `render(url, data)`). */
async function siteRendering(renderSource: string, content: () => Promise<RenderedPageContent>) {
  const root = mkdtempSync(path.join(tmpdir(), 'openlfg-ssr-unit-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(root, 'dist', 'index.html'), INDEX);
  writeFileSync(
    path.join(root, 'dist-ssr', 'entry-server.js'),
    `export async function prepare() {}\nexport async function render(url, data) { ${renderSource} }`,
  );
  const app = Fastify({ logger: false });
  await registerSpa(app, path.join(root, 'dist'), {
    renderedPages: [{ path: /^\/rendered\/([^/]+)$/, load: content }],
  });
  return app;
}

const hostile = '</script><script>alert(1)</script> & "quotes" <b>';
const data: PageQueries = {
  queries: [{ query: 'projectPage', args: ['o', 'n'], status: 200, body: { description: hostile } }],
};
const content =
  (extra: Partial<RenderedPageContent> = {}) =>
  () =>
    Promise.resolve({
      status: 200,
      data,
      title: `A title ${hostile}`,
      description: `A description ${hostile}`,
      headTags: '<link rel="canonical" href="https://example.org/rendered/x" />',
      ...extra,
    });

describe('a server-rendered page', () => {
  it('holds its markup in the root, its head, and the data it was rendered from, escaped', async () => {
    const app = await siteRendering('return `<h1>${url}</h1><p>${data.queries.length}</p>`;', content());
    const res = await app.inject({ method: 'GET', url: '/rendered/x?tab=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><h1>/rendered/x?tab=1</h1><p>1</p></div>');
    expect(res.body).toContain(
      '<title>A title &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34; &#60;b&#62;</title>',
    );
    expect(res.body).toContain('<meta name="description" content="A description &#60;/script&#62;');
    expect(res.body).not.toContain('The site.');
    expect(res.body).toContain('<link rel="canonical" href="https://example.org/rendered/x" />');
    // The one end of a script element in the data block is its own.
    const block = new RegExp(
      `<script type="application/json" id="${SERVER_RENDER_DATA_ID}">([^]*?)</script>`,
    ).exec(res.body);
    expect(block?.[1]).not.toMatch(/[<>]/);
    expect(JSON.parse(block?.[1] ?? '')).toEqual({ ...data, clock: expect.any(Object) as unknown });
    expect(res.body).not.toContain('<noscript>');
    expect(res.body).not.toContain('noindex');
    await app.close();
  });

  it('is rendered against the clock that goes out with it: this moment, in the server’s time zone', async () => {
    const before = Date.now();
    const app = await siteRendering('return `<p>${JSON.stringify(data.clock)}</p>`;', content());
    const res = await app.inject({ method: 'GET', url: '/rendered/x' });
    const block = new RegExp(
      `<script type="application/json" id="${SERVER_RENDER_DATA_ID}">([^]*?)</script>`,
    ).exec(res.body);
    const { clock } = JSON.parse(block?.[1] ?? '') as ServerRenderData;
    // What the browser's first render writes dates against is what the server's rendering wrote them against.
    expect(res.body).toContain(`<div id="root"><p>${JSON.stringify(clock)}</p></div>`);
    expect(Date.parse(clock.now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(clock.now)).toBeLessThanOrEqual(Date.now());
    expect(clock.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await app.close();
  });

  it('answers the status its content says, with noindex where asked', async () => {
    const app = await siteRendering(
      'return "<h1>Page not found</h1>";',
      content({ status: 404, noindex: true }),
    );
    const res = await app.inject({ method: 'GET', url: '/rendered/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('<h1>Page not found</h1>');
    await app.close();
  });

  it('goes out as the app’s shell when rendering it fails, or its content cannot be had', async () => {
    for (const app of [
      await siteRendering('throw new Error("no render");', content()),
      await siteRendering('return "";', () => Promise.reject(new Error('no database'))),
    ]) {
      const res = await app.inject({ method: 'GET', url: '/rendered/x' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<title>OpenLFG</title>');
      expect(res.body).toContain('<noscript>');
      await app.close();
    }
  });

  it('leaves other pages alone', async () => {
    const app = await siteRendering('return "<h1>rendered</h1>";', content());
    const res = await app.inject({ method: 'GET', url: '/group-projects' });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(SERVER_RENDER_DATA_ID);
    await app.close();
  });
});
