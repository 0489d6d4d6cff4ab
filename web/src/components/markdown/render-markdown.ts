import createDOMPurify, { type Config } from 'dompurify';
import { Marked } from 'marked';
import { purifierWindow } from './purifier-window';

/**
 * Markdown to safe HTML, for group descriptions: marked (CommonMark with GitHub's extensions: lists, links, code,
 * tables, strikethrough, bare URLs linked) then DOMPurify, the sanitiser of record. Two layers, neither
 * hand-written: marked is told to print raw HTML as text, so `<b>` shows as written, and whatever marked emits
 * goes through DOMPurify's allow-list of tags, attributes and URL schemes before it reaches the page.
 */

/** What descriptions may contain once rendered: Markdown's own elements, nothing else. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'input',
];
const ALLOWED_ATTR = ['href', 'title', 'start', 'align', 'type', 'checked', 'disabled'];
/** Links to the web (http, https), mail and this site's own paths; never javascript:, data:, vbscript:... */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
/** A link leaves the site in a tab of its own, tells nothing of the page it came from, and earns no ranking. */
export const LINK_REL = 'nofollow noopener noreferrer';

const marked = new Marked({
  gfm: true,
  // A line break typed in the description box is a line break, as on GitHub's comments.
  breaks: true,
  renderer: {
    // Raw HTML is shown as the text it is, never as markup.
    html: ({ text }) => escapeText(text),
    // The page's title is its h1 and its sections h2: a description's headings start below them, at h3.
    heading({ tokens, depth }) {
      const level = Math.min(depth + 2, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    // Images from anywhere would be refused by the site's CSP (and would tell their host who reads): a link
    // to the image, named by its alt text, keeps what the author meant.
    image: ({ href, text }) => `<a href="${escapeText(href)}">${escapeText(text || href)}</a>`,
  },
});

/** The characters that would start markup, as text. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

let purifier: ReturnType<typeof createDOMPurify> | undefined;

/**
 * One DOMPurify of our own (its hooks are global to an instance), made on first use: it needs a DOM, the
 * browser's or, on the server, jsdom's (`purifierWindow`), and both give the same markup.
 */
function getPurifier() {
  if (purifier) return purifier;
  purifier = createDOMPurify(purifierWindow());
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('rel', LINK_REL);
      node.setAttribute('target', '_blank');
    }
    // A task list's box shows its state; it is not a control anyone can tick.
    if (node.tagName === 'INPUT') {
      if (node.getAttribute('type') !== 'checkbox') node.remove();
      else node.setAttribute('disabled', '');
    }
  });
  return purifier;
}

const PURIFY_CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  FORCE_BODY: true,
};

/**
 * Makes the purifier now rather than at the first description rendered: on the server that is a jsdom window,
 * which the server rendering makes as it starts (ssr/entry-server.tsx).
 */
export function preparePurifier(): void {
  getPurifier();
}

/** The description's Markdown as HTML that is safe to put into the page. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return getPurifier().sanitize(html, { ...PURIFY_CONFIG, RETURN_TRUSTED_TYPE: false });
}
