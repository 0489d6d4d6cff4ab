/**
 * The sitemaps.org protocol's documents (https://www.sitemaps.org/protocol.html), written as text a piece at a
 * time so a page of 50,000 addresses is never held whole: the opening, one `<url>` per page of the site, the
 * closing; and the index that names the pages.
 */

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The protocol's limit of addresses in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data or an attribute's value; characters XML 1.0 cannot carry at all are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The W3C date-time the protocol asks of `lastmod`, to the second, in UTC. */
function w3cDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

export const URLSET_START = `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
export const URLSET_END = '</urlset>\n';

/** One page of the site: its absolute address and, when known, when it last changed. */
export function urlEntry(loc: string, lastmod: Date | null): string {
  const modified = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>\n`;
}

/** The index: one `<sitemap>` per sitemap file. */
export function sitemapIndex(locations: readonly string[]): string {
  const entries = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join('');
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries}</sitemapindex>\n`;
}
