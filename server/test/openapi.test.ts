import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_JSON_API } from '../src/platform/http/openapi.js';
import { createTestApp, type TestApp } from './support/app.js';

/** The API's description: a valid OpenAPI 3.1 document that lists every route, and a page people can read. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Fastify's `/a/:id` as OpenAPI writes it: `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route of the API with its method, and no other', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const declared = t.app.declaredRoutes.flatMap((route) =>
      [route.method]
        .flat()
        .filter(
          (method) => method !== 'HEAD' && route.url.startsWith('/api/') && !NOT_JSON_API.has(route.url),
        )
        .map((method) => `${method.toLowerCase()} ${openApiPath(route.url)}`),
    );
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, item]) => Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(declared.length).toBeGreaterThan(45);
    expect(documented.sort()).toEqual([...new Set(declared)].sort());
  });

  it('gives every operation its answer schemas, its errors, who may call it and a summary', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const missing: string[] = [];
    const operationIds: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(operation.responses);
        // A redirect (sign-in) or an empty answer (204) has no body; anything else answers JSON of a schema.
        const success = statuses.filter((status) => /^(2\d\d|302)$/.test(status));
        if (success.length === 0) missing.push(`${where}: no success answer`);
        for (const status of success.filter((s) => s !== '204' && s !== '302')) {
          if (!operation.responses[status]?.content?.['application/json']?.schema) {
            missing.push(`${where}: no schema for ${status}`);
          }
        }
        if (!statuses.includes('4XX') || !statuses.includes('5XX'))
          missing.push(`${where}: no error answers`);
        if (!/^(Anyone|Signed-in users only|Moderators only)/.test(operation.description ?? '')) {
          missing.push(`${where}: does not say who may call it`);
        }
        if (!operation.summary?.endsWith('.')) missing.push(`${where}: no one-sentence summary`);
        if (operation.operationId) operationIds.push(operation.operationId);
        else missing.push(`${where}: no operationId`);
      }
    }
    expect(missing).toEqual([]);
    // A generated client names its functions after these: one per operation.
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });
});

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('/api/docs', () => {
  it('is a page that lists every path, and runs under the site’s Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script|<style|style="/);
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of Object.keys(document.paths)) expect(res.body).toContain(`<code>${path}</code>`);
    expect(res.body).toContain('<p>One page of the catalogue, sorted and filtered.</p>');
    const css = await t.app.inject({ method: 'GET', url: '/api/docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});
