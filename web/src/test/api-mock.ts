import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  url: string;
  init: RequestInit;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

/** What a handler answers: a JSON body with a status (200 by default), or a ready Response. */
export type MockAnswer = Response | { status?: number; body?: unknown };
export type MockHandler = (call: RecordedCall) => MockAnswer | Promise<MockAnswer>;

export function jsonResponse(status: number, body?: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The body the server sends for an unknown route, so unmocked calls fail as they do today. */
export function notFound(method: string, url: string): Response {
  return jsonResponse(404, {
    error: { code: 'NOT_FOUND', message: `There is no API route ${method} ${url}.` },
  });
}

/**
 * Replaces global fetch with a small fake API: handlers are keyed `METHOD /api/path`; anything else answers
 * the server's JSON 404. Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, MockHandler> = {}) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: RecordedCall = { method, url, init, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.split('?')[0] ?? url}`];
    if (!handler) return notFound(method, url);
    const answer = await handler(call);
    return answer instanceof Response ? answer : jsonResponse(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
