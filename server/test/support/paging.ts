import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import { jsonHeaders } from './app.js';

/**
 * Every page of a paged list (`POST url` with `body`), from the first to the last it names: each answer in
 * the contract's shape (`schema`) and at the page asked. Answers the rows in order and the total.
 */
export async function walkPages<Row>(
  app: App,
  url: string,
  schema: TSchema,
  body: Record<string, unknown>,
): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let page = 1;
  let totalPages = 1;
  let total = 0;
  do {
    const res = await app.inject({ method: 'POST', url, headers: jsonHeaders, payload: { ...body, page } });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer = res.json();
    expect(Value.Check(schema, answer)).toBe(true);
    expect(answer.pageLocation).toBe(page);
    rows.push(...answer.data);
    totalPages = answer.totalPages;
    total = answer.total;
    page++;
  } while (page <= totalPages);
  return { rows, total };
}
