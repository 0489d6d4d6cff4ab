import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSpa } from '../src/platform/http/spa.js';

const INDEX = '<!doctype html><html><head><title>OpenLFG</title></head><body></body></html>';

async function spaWith(forPage: (pathname: string) => Promise<string>) {
  const dist = mkdtempSync(path.join(tmpdir(), 'openlfg-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  const app = Fastify({ logger: false });
  await registerSpa(app, dist, { head: { forPage, fallback: () => '<meta name="site" />' } });
  return app;
}

describe('a page’s head tags', () => {
  it('go into index.html before </head>, for the page asked', async () => {
    const asked: string[] = [];
    const app = await spaWith((pathname) => {
      asked.push(pathname);
      return Promise.resolve(`<meta name="page" content="${pathname}" />`);
    });
    const res = await app.inject({ method: 'GET', url: '/group-projects/5?tab=x' });
    expect(res.body).toContain('<meta name="page" content="/group-projects/5" />\n  </head>');
    expect(asked).toEqual(['/group-projects/5']);
    await app.close();
  });

  it('fall back to the site’s when working them out fails, so the page still loads', async () => {
    const app = await spaWith(() => Promise.reject(new Error('database away')));
    const res = await app.inject({ method: 'GET', url: '/group-projects/5' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="site" />');
    expect(res.body).toContain('<title>OpenLFG</title>');
    await app.close();
  });
});
