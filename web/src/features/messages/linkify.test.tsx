import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './components/LinkifiedText';
import { splitLinks } from './linkify';

describe('splitLinks', () => {
  it('finds http and https addresses and leaves the sentence punctuation out of them', () => {
    expect(splitLinks('See https://example.org/a?b=1. Or (http://x.dev/path)!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: '. Or (' },
      { kind: 'link', text: 'http://x.dev/path', href: 'http://x.dev/path' },
      { kind: 'text', text: ')!' },
    ]);
  });

  it('keeps the brackets that belong to an address', () => {
    const url = 'https://en.wikipedia.org/wiki/Rust_(programming_language)';
    expect(splitLinks(`Read ${url}.`)).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: url, href: url },
      { kind: 'text', text: '.' },
    ]);
  });

  it('links nothing without a scheme', () => {
    for (const text of ['example.org', 'www.example.org/page', 'someone@example.org', '//evil.example']) {
      expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('never links another scheme', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.org',
      'mailto:a@b.c',
    ]) {
      expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
    }
  });
});

describe('a message on screen', () => {
  it('shows markup as the text it is', () => {
    const text = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const { container } = render(<LinkifiedText text={text} />);
    expect(container.textContent).toBe(text);
    expect(container.querySelector('img, script')).toBeNull();
  });

  it('makes links that open apart from the site and pass nothing on', () => {
    const { container } = render(<LinkifiedText text="javascript:alert(1) https://example.org/x" />);
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.org/x');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });
});
