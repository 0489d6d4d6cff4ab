import type { FastifyRequest } from 'fastify';

/** Whether a path (a route's pattern, or a request's decoded path) belongs to the API. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Whether a request is an API request, for every decision that depends on it (the CSRF rule, the rate limits,
 * JSON or the page for an unknown path). Never judged on the raw URL: the router decodes the path before
 * matching, so `/%61pi/account/logout` reaches the route `/api/account/logout`. A request that matched a route
 * is judged by that route's pattern; an unknown path (404) by its decoded path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return isApiPath(request.routeOptions.url ?? decodedPath(request.url));
}

/**
 * The path of a URL, percent-decoded. This also decodes `%2F`, which the router leaves alone: a path then
 * counts as the API more often than the router would say, never less, which is the safe side for these
 * decisions. A malformed escape leaves the path as it is.
 */
export function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
