import { decodedPath, isApiPath } from '../platform/http/api-paths.js';

/**
 * Where to send the user after signing in: a path on this site, or "/". Anything that would leave the site
 * (an absolute URL, "//host", "/\host", which browsers read as "//host", or a path whose dot segments
 * normalise to one) is dropped: the sign-in flow must never become an open redirect.
 */
export function safeReturnTo(candidate: string | undefined, publicUrl: string): string {
  if (!candidate || !candidate.startsWith('/')) return '/';
  // Control characters and whitespace have no place in a path and are how parsers get confused.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(candidate)) return '/';
  let url: URL;
  try {
    url = new URL(candidate, publicUrl);
  } catch {
    return '/';
  }
  if (url.origin !== publicUrl) return '/';
  // Never bounce back into the API (the sign-in endpoints themselves), however the path is spelled: the
  // router decodes it, so `/%61pi/...` is the API too.
  if (isApiPath(decodedPath(url.pathname))) return '/';
  // The URL parser resolves dot segments ("/.//host", "/..//host", "/%2e%2e//host") into a path that starts
  // with "//": a browser reads that as another host. Judge the normalised path, never the candidate.
  if (/^\/[/\\]/.test(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
