import type { WindowLike } from 'dompurify';

/**
 * The window DOMPurify parses and sanitises in: the browser's own. Node has none, so the server rendering's
 * build puts `purifier-window.server.ts` in this module's place (vite.config.ts), and this one keeps jsdom out
 * of the browser's bundle.
 */
export function purifierWindow(): WindowLike {
  return window;
}
