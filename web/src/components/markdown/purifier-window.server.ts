import type { WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * The server rendering's window for DOMPurify, in place of `purifier-window.ts` (vite.config.ts): a jsdom
 * window, DOMPurify's documented way on Node, so a group's page holds its description as the browser shows it
 * rather than as typed (crawlers and visitors without JavaScript read it so, and its box does not change when
 * the browser takes over). jsdom loads with the Markdown chunk, as the server rendering starts (its `prepare`,
 * before the server answers anything); `getPurifier` calls this once per process.
 */
export function purifierWindow(): WindowLike {
  return new JSDOM('').window;
}
