import { describe, expect, it } from 'vitest';
import { cutAtWord, plainExcerpt } from '../src/groups/excerpt.js';

describe('a description’s plain excerpt', () => {
  it.each([
    ['Hi **bo**ld and _em_ ~~gone~~', 'Hi bold and em gone'],
    [
      '[the plan](https://example.com "Plan") and https://github.com/a/b',
      'the plan and https://github.com/a/b',
    ],
    ['- one\n- two `code`\n\n1. first', 'one two code first'],
    ['# Heading\n\nText under it.', 'Heading Text under it.'],
    ['```js\nlet a = 1;\n```\nafter', 'let a = 1; after'],
    ['> quoted\n\n---\n\nafter the rule', 'quoted after the rule'],
    ['| a | b |\n|---|---|\n| 1 | 2 |', 'a b 1 2'],
    ['![our logo](https://example.com/logo.png) caption', 'our logo caption'],
    ['- [x] done\n- [ ] to do', 'done to do'],
    ['Fish &amp; chips, 1 &lt; 2', 'Fish & chips, 1 < 2'],
    ['line one\nline two', 'line one line two'],
    // Raw HTML stays the literal text the page shows it as; React renders it as text.
    ['Hello <b>there</b>', 'Hello <b>there</b>'],
    ['[ref link][r]\n\n[r]: https://example.com', 'ref link'],
  ])('%j becomes %j', (markdown, excerpt) => {
    expect(plainExcerpt(markdown)).toBe(excerpt);
  });

  it('cuts a long description after a whole word, with an ellipsis', () => {
    const excerpt = plainExcerpt(`${'word '.repeat(100)}end`, 50);
    expect(excerpt).toBe(`${'word '.repeat(9)}word…`);
    expect(excerpt.length).toBeLessThanOrEqual(50);
  });

  it('reads only the start of a very long description', () => {
    const long = `Start here. ${'x'.repeat(4000)} **never reached**`;
    expect(plainExcerpt(long, 5000)).not.toContain('never');
  });

  it('cuts inside a word only when the text has no space to cut at', () => {
    expect(cutAtWord('a'.repeat(30), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(cutAtWord('short', 10)).toBe('short');
  });
});
