import { API, type EndpointAnswer, type EndpointInput, type EndpointName } from '@openlfg/contracts';
import { apiFetch } from './api-client';

/**
 * The typed client: calls an endpoint by its name in contracts (api.ts), with its path parameters, query string
 * and body typed from the endpoint's schemas, and answers the type of its success answer. No file of the app
 * writes an /api path or an answer type by hand: a renamed endpoint or a wrong field is a compile error.
 */
export function callApi<N extends EndpointName>(
  name: N,
  ...[input, options]: HasInput<N> extends true
    ? [input: EndpointInput<N>, options?: { signal?: AbortSignal }]
    : [input?: Record<string, never>, options?: { signal?: AbortSignal }]
): Promise<EndpointAnswer<N>> {
  const { method } = API[name];
  const given = (input ?? {}) as Given;
  const answer = apiFetch<EndpointAnswer<N>>(urlOf(name, given).slice('/api'.length), {
    method,
    ...(given.body === undefined ? {} : { body: given.body }),
    ...(options?.signal ? { signal: options.signal } : {}),
  });
  // Development builds check answers against the contract (production builds drop this branch and its chunk);
  // component tests answer from partial fixtures, so they skip it.
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') {
    return answer.then(async (value) => {
      const { reportAnswerProblems } = await import('./api-answer-check');
      reportAnswerProblems(name, value);
      return value;
    });
  }
  return answer;
}

/** The address of a GET endpoint the browser goes to itself (the sign-in redirect), from its declaration. */
export function apiUrl<N extends EndpointName>(name: N, input: EndpointInput<N>): string {
  return urlOf(name, input as Given);
}

interface Given {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function urlOf(name: EndpointName, given: Given): string {
  const withParams = API[name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String(given.params?.[key])),
  );
  return `${withParams}${given.query ? toQueryString(given.query) : ''}`;
}

type HasInput<N extends EndpointName> = unknown extends EndpointInput<N> ? false : true;

/** `?a=1&b=x`; absent and null values are left out, arrays repeat their key. */
function toQueryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
