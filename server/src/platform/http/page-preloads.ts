import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodedPath } from './api-paths.js';

/**
 * What the web build writes beside index.html (web/vite.config.ts, `pagePreloads`): for each page's route, as
 * the web app's router declares it (`/group-projects/:groupProjectId`, `/settings/email/*`, `/*`), the files
 * of that page's code and styles.
 */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

interface PageRoute {
  segments: string[];
  score: number;
  tags: string;
  /** The same files for a page the server rendered: its styles applied, not only preloaded. */
  renderedTags: string;
}

/** Which HTML the tags go into: the app's shell, or a page the server rendered (its markup already there). */
export interface PreloadsOptions {
  rendered?: boolean;
}

/** A built asset's URL: nothing that could leave the attribute it is written in. */
const ASSET_URL = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/**
 * A file's tag. Low priority: the first visit's script and stylesheet come first (the page shows nothing
 * before they have run, and a first paint waits for them); the page's own files download beside them rather
 * than after that script has run, found one level of imports at a time. `crossorigin` as the build's
 * loader asks for them, so that its requests find these in the cache.
 */
function preloadTag(file: string): string {
  return file.endsWith('.css')
    ? `<link rel="preload" as="style" href="${file}" crossorigin fetchpriority="low" />`
    : `<link rel="modulepreload" href="${file}" crossorigin fetchpriority="low" />`;
}

/**
 * A file's tag in a page the server rendered: the page's markup is there at the first paint, so its styles must
 * be too. Preloaded only, they applied when the page's code arrived and the whole page moved (a layout shift of
 * 0.35 in Lighthouse). The build's loader finds these stylesheets by their address and adds none again.
 */
function renderedPageTag(file: string): string {
  return file.endsWith('.css') ? `<link rel="stylesheet" href="${file}" crossorigin />` : preloadTag(file);
}

/**
 * The tags of a page the server rendered when the build combined its stylesheets into one (`styles`): that one
 * applies, and each stylesheet it combines is named `disabled`, which the browser does not fetch. The build's
 * loader, which adds a lazily loaded chunk's stylesheets unless a stylesheet link of that address is there,
 * then adds none of them again when the page's code loads.
 */
function renderedPageTags(files: string[], styles: string | undefined): string {
  if (!styles) return files.map(renderedPageTag).join('');
  const named = files.map((file) =>
    file.endsWith('.css')
      ? `<link rel="stylesheet" href="${file}" crossorigin disabled />`
      : preloadTag(file),
  );
  return `<link rel="stylesheet" href="${styles}" crossorigin />${named.join('')}`;
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/**
 * How specific a route is, as React Router ranks them: a named segment outranks a parameter, which outranks the
 * rest (`*`). `/` outranks `/*`, which also matches it.
 */
function scoreOf(segments: string[]): number {
  return segments.reduce(
    (score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
    segments.length,
  );
}

function matches(route: string[], path: string[]): boolean {
  for (const [index, segment] of route.entries()) {
    if (segment === '*') return true;
    const actual = path[index];
    if (actual === undefined) return false;
    // The router matches paths without regard to case.
    if (!segment.startsWith(':') && segment.toLowerCase() !== actual.toLowerCase()) return false;
  }
  return route.length === path.length;
}

function parseRoutes(json: unknown): PageRoute[] {
  const routes = (json as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) throw new Error('it has no routes list');
  return routes.map((route: { path?: unknown; files?: unknown; styles?: unknown }) => {
    const { path: pattern, files, styles } = route;
    if (typeof pattern !== 'string' || !Array.isArray(files)) throw new Error('a route has no path or files');
    const bad = [...files, ...(styles === undefined ? [] : [styles])].find(
      (file) => typeof file !== 'string' || !ASSET_URL.test(file),
    );
    if (bad !== undefined) throw new Error(`${JSON.stringify(bad)} is not a built asset`);
    const segments = segmentsOf(pattern);
    return {
      segments,
      score: scoreOf(segments),
      tags: (files as string[]).map(preloadTag).join(''),
      renderedTags: renderedPageTags(files as string[], styles as string | undefined),
    };
  });
}

/**
 * The preload tags of a page's HTML, by the page's path: the files of the page's code and styles (none for a
 * page that is part of the first visit's script). Empty when the build wrote no list (a build from before
 * this file existed) or when it cannot be read, which `warn` reports: a page then loads as it did before.
 */
export function readPagePreloads(
  webDistDir: string,
  warn: (message: string) => void,
): (pathname: string, options?: PreloadsOptions) => string {
  const file = path.join(webDistDir, PAGE_PRELOADS_FILE);
  let routes: PageRoute[] = [];
  if (existsSync(file)) {
    try {
      routes = parseRoutes(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      warn(
        `${file} is not usable (${error instanceof Error ? error.message : String(error)}): pages are served without preloads`,
      );
    }
  }
  // The most specific first: the first that matches is the page's route.
  routes.sort((a, b) => b.score - a.score);
  return (pathname, { rendered = false } = {}) => {
    const segments = segmentsOf(decodedPath(pathname));
    const route = routes.find((candidate) => matches(candidate.segments, segments));
    return (rendered ? route?.renderedTags : route?.tags) ?? '';
  };
}
