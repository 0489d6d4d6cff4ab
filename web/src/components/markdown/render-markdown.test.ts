// @vitest-environment jsdom
// DOMPurify needs a faithful DOM: it does not support happy-dom, which drops elements (cure53/DOMPurify#1457).
import { describe, expect, it } from 'vitest';
import { LINK_REL, renderMarkdown } from './render-markdown';

function rendered(source: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderMarkdown(source);
  return container;
}

describe('renderMarkdown', () => {
  it('renders lists, emphasis, inline code and code blocks', () => {
    const page = rendered(
      'Looking for:\n\n- a **designer**\n- someone who knows `wasm`\n\n```rust\nfn main() {}\n```',
    );
    expect([...page.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'a designer',
      'someone who knows wasm',
    ]);
    expect(page.querySelector('strong')?.textContent).toBe('designer');
    expect(page.querySelector('li code')?.textContent).toBe('wasm');
    expect(page.querySelector('pre > code')?.textContent).toBe('fn main() {}\n');
  });

  it('renders ordered lists from their first number', () => {
    const list = rendered('3. three\n4. four').querySelector('ol');
    expect(list?.getAttribute('start')).toBe('3');
    expect(list?.children).toHaveLength(2);
  });

  it('links written links and bare addresses, each opening safely in a tab of its own', () => {
    const page = rendered('See [the plan](https://example.com/plan) or https://github.com/openlfg/openlfg.');
    const links = [...page.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['the plan', 'https://example.com/plan'],
      ['https://github.com/openlfg/openlfg', 'https://github.com/openlfg/openlfg'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe(LINK_REL);
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(LINK_REL).toBe('nofollow noopener noreferrer');
  });

  it('puts headings below the page’s own', () => {
    const page = rendered('# Goals\n\n## Stack');
    expect(page.querySelector('h1, h2')).toBeNull();
    expect(page.querySelector('h3')?.textContent).toBe('Goals');
    expect(page.querySelector('h4')?.textContent).toBe('Stack');
  });

  it('keeps a typed line break', () => {
    expect(rendered('first line\nsecond line').querySelector('p br')).not.toBeNull();
  });

  it('shows an image as a link named by its alt text, loading nothing', () => {
    const page = rendered('![our logo](https://example.com/logo.png)');
    expect(page.querySelector('img')).toBeNull();
    expect(page.querySelector('a')?.textContent).toBe('our logo');
    expect(page.querySelector('a')?.getAttribute('href')).toBe('https://example.com/logo.png');
  });

  it('shows task lists as boxes nobody can tick', () => {
    const boxes = [...rendered('- [x] done\n- [ ] to do').querySelectorAll('input')];
    expect(boxes).toHaveLength(2);
    expect(boxes.every((box) => box.type === 'checkbox' && box.disabled)).toBe(true);
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
  });
});
