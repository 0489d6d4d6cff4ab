import { GROUP_EXCERPT_MAX } from '@openlfg/contracts';
import { Lexer, type Token } from 'marked';

/**
 * How much of a description is read to find its excerpt. An excerpt is at most a couple of hundred characters
 * of text, and Markdown's syntax rarely doubles that, so the start of a 5,000-character description is enough:
 * a list page costs the same however long its descriptions are. A construct cut in the middle only changes the
 * end of the text, which the excerpt cuts anyway.
 */
const READ_CHARACTERS = 1000;

/** Tokens that carry no words of their own (blank lines, rules, link definitions). */
const SILENT = new Set(['space', 'hr', 'def', 'checkbox']);
/** Blocks whose text is a phrase of its own: a space keeps it apart from the next (inline parts are joined). */
const BLOCKS = new Set(['paragraph', 'heading', 'code', 'blockquote', 'list_item', 'table', 'br']);

/**
 * A description's first words as plain text: the Markdown parsed by the web's own renderer's library (marked,
 * GFM) and only its text kept, so a card never shows `**`, `[`, `](https://...)` or a list's dashes. Raw HTML
 * stays as the literal text the page shows it as. The answer is plain text for React to render as text.
 */
export function plainExcerpt(markdown: string, max = GROUP_EXCERPT_MAX): string {
  const words: string[] = [];
  collectText(Lexer.lex(markdown.slice(0, READ_CHARACTERS), { gfm: true }), words);
  return cutAtWord(words.join('').replace(/\s+/g, ' ').trim(), max);
}

function collectText(tokens: readonly Token[], out: string[]): void {
  for (const token of tokens) {
    if (SILENT.has(token.type)) continue;
    if (token.type === 'list') {
      collectText(token.items as Token[], out);
    } else if (token.type === 'table') {
      const cells = [token.header, ...token.rows] as { tokens: Token[] }[][];
      for (const cell of cells.flat()) {
        collectText(cell.tokens, out);
        out.push(' ');
      }
    } else if ('tokens' in token && token.tokens && token.tokens.length > 0) {
      collectText(token.tokens, out);
    } else if ('text' in token && typeof token.text === 'string') {
      out.push(decodeEntities(token.text));
    }
    if (BLOCKS.has(token.type) || ('block' in token && token.block === true)) out.push(' ');
  }
}

/** The few entities a description's plain text would otherwise show as written (`&amp;`). */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
}

/** At most `max` characters, cut after a whole word with an ellipsis when it had to be cut. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  // The head ends with a whole word when a space follows it; else back to the last space, unless that loses half.
  const lastSpace = head.lastIndexOf(' ');
  const words = text[head.length] === ' ' || lastSpace <= max / 2 ? head : head.slice(0, lastSpace);
  return `${words.trimEnd()}…`;
}
