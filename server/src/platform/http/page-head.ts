import { escapeHtml } from './escape-html.js';

/** The site's name, in every page's title and link preview. */
export const SITE_NAME = 'OpenLFG';

/** What a page's head says of it: its title and description, and the address it is known by. */
export interface PageHead {
  title: string;
  description: string;
  url: string;
}

/** The Open Graph and Twitter tags of a link preview (Discord, Slack, Mastodon), every value escaped. */
export function openGraphTags({ title, description, url }: PageHead): string {
  const tags: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`)
    .join('\n    ');
}

/**
 * JSON inside a `<script>` element (`application/json`, `application/ld+json`): the characters that could end
 * the element or start markup written as escapes JSON reads back the same, so no text can leave the element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
