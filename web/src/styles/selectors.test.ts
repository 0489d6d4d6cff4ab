import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A selector whose rightmost part is universal right after a sibling combinator (`.a + *`, `.a ~ :hover`) has
 * the browser check the sibling before every element of every page, and mark every parent as affected by its
 * children's order: an element inserted anywhere then restyles everything after it, subtrees and all. One such
 * rule (`.topPages:not(:empty) + *`) had the side menu's mount restyle the whole page (246 elements, 5 ms on this
 * machine and about 20 on a slow phone) and every part a page inserts cost the same. Name the sibling by its
 * class instead.
 */
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(file);
    return entry.name.endsWith('.css') ? [file] : [];
  });
}

/** The selectors of a stylesheet: what comes before each `{` that is not an at-rule's, split at its commas. */
function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{};]+)\{/g)]
    .map(([, prelude = '']) => prelude.trim())
    .filter((prelude) => !prelude.startsWith('@'))
    .flatMap((prelude) => {
      // Commas inside :is(), :not() and the like do not separate selectors.
      const parts: string[] = [];
      let depth = 0;
      let start = 0;
      for (let index = 0; index < prelude.length; index++) {
        const char = prelude[index];
        if (char === '(') depth++;
        else if (char === ')') depth--;
        else if (char === ',' && depth === 0) {
          parts.push(prelude.slice(start, index));
          start = index + 1;
        }
      }
      return [...parts, prelude.slice(start)].map((part) => part.trim());
    });
}

/** The rightmost part is `*` or pseudo-classes alone, right after `+` or `~`. */
const UNIVERSAL_AFTER_SIBLING = /[+~]\s*\*?(?::{1,2}[\w-]+(?:\([^()]*\))?)*$/;

describe('stylesheets', () => {
  it('finds the selectors that would restyle the page at every insertion', () => {
    const found = selectorsOf(
      '.a + * { x: 1 }\n@media (width < 5px) { .b ~ :hover, .c + .d { y: calc(1px + 2px); } }',
    );
    expect(found.filter((selector) => UNIVERSAL_AFTER_SIBLING.test(selector))).toEqual([
      '.a + *',
      '.b ~ :hover',
    ]);
  });

  it('name each sibling they style by its class, never as whatever follows', () => {
    const offending = stylesheets(webSrc).flatMap((file) =>
      selectorsOf(readFileSync(file, 'utf8'))
        .filter((selector) => UNIVERSAL_AFTER_SIBLING.test(selector))
        .map((selector) => `${path.relative(webSrc, file)}: ${selector}`),
    );
    expect(offending).toEqual([]);
  });
});
