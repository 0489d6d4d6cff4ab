import { SERVER_RENDER_DATA_ID, type PageQueries } from '@openlfg/contracts';
import { expect } from 'vitest';

/*
 * Reading a page the server rendered (project, profile and group pages alike): the markup inside #root, and
 * the answers it embeds for the browser's takeover.
 */

/** The markup the server rendered into `<div id="root">`. */
export const renderedRoot = (html: string): string =>
  /<div id="root">([^]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';

/** The page's embedded data, which holds no `<` or `>` (it could not end its script element early). */
export function renderData(html: string): PageQueries {
  const block = new RegExp(`<script type="application/json" id="${SERVER_RENDER_DATA_ID}">([^]*?)</script>`);
  const text = block.exec(html)?.[1] ?? '';
  expect(text).not.toMatch(/[<>]/);
  return JSON.parse(text) as PageQueries;
}

/**
 * The markup is in place and complete: no part left to a script (the CSP runs none inline; crawlers may run
 * none), none that failed on the server and is left to the browser (React's `<!--$!-->`), and no style
 * attribute, which the CSP refuses.
 */
export function expectCompleteMarkup(markup: string): void {
  expect(markup).not.toContain('<script');
  expect(markup).not.toContain('<!--$?-->');
  expect(markup).not.toContain('<!--$!-->');
  expect(markup).not.toMatch(/\sstyle="/);
}
