// @vitest-environment jsdom
// The renderer's DOMPurify needs a faithful DOM (see render-markdown.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayHoldMarkdown } from './may-hold-markdown';
import { renderMarkdown } from './render-markdown';

/**
 * The text the renderer's HTML shows, when it is one paragraph of text and line breaks: each break as a line
 * break (the line break marked prints after a <br> is white space HTML drops at a line's start); else null.
 */
function shownAsOneParagraph(html: string): string | null {
  const container = document.createElement('div');
  container.innerHTML = html.trim();
  const [paragraph, ...others] = [...container.childNodes];
  if (others.length > 0 || !(paragraph instanceof HTMLParagraphElement)) return null;
  let text = '';
  for (const node of paragraph.childNodes) {
    if (node instanceof HTMLBRElement) text += '\n';
    else if (node.nodeType === Node.TEXT_NODE)
      text += text.endsWith('\n') ? (node.textContent ?? '').replace(/^\n/, '') : (node.textContent ?? '');
    else return null;
  }
  return text;
}

describe('mayHoldMarkdown', () => {
  it('takes sentences, line breaks and ordinary punctuation as plain text', () => {
    for (const source of [
      'A small group building command-line tools in Rust: argument parsing, colourful output. Beginners welcome.',
      'We meet on Tuesdays (7pm UTC).\nBring questions, 2 or 3 ideas; and coffee?',
      "Let's build a game in Go, it's fun — 100% open source.",
    ]) {
      expect(mayHoldMarkdown(source), source).toBe(false);
    }
  });

  it('sends every kind of Markdown to the renderer', () => {
    for (const source of [
      'a **bold** plan',
      'snake_case',
      'use `npm start`',
      'see [the docs](https://example.com)',
      'https://example.com',
      'www.example.com',
      'write to team@example.com',
      '<b>tags</b>',
      'fish &amp; chips',
      '# Heading',
      'Title\n===',
      'Title\n---',
      '- one\n- two',
      '+ one',
      '1. first',
      '2) second',
      '    code block',
      '\tcode block',
      '> a quote',
      '| a | b |',
      // A one-column table: its rule needs no pipe.
      'Name\n:-',
      '~~gone~~',
      'escaped \\*',
      '![image](x.png)',
      'first paragraph\n\nsecond paragraph',
      'hard break  \nnext line',
    ]) {
      expect(mayHoldMarkdown(source), source).toBe(true);
    }
  });

  it('answers false only for text the renderer shows as that one paragraph', () => {
    // Any text over letters, digits, spaces, line breaks and every ASCII sign: whenever it is taken as plain,
    // the renderer agrees.
    const alphabet = fc.constantFrom(
      ...'abcXYZ019 \n.,;:?\'"()-+=*_`[]<>|~\\&!#@/%$^{}'.split(''),
      'www.',
      '://',
      '1. ',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { minLength: 1, maxLength: 24 }), (parts) => {
        const source = parts.join('');
        if (source.trim() === '' || mayHoldMarkdown(source)) return;
        expect(shownAsOneParagraph(renderMarkdown(source))).toBe(source);
      }),
      { numRuns: 3000 },
    );
  });
});
