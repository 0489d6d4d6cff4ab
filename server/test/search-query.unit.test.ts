import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_WORDS } from '@openlfg/contracts';
import { searchOf, toSearchQuery } from '../src/platform/search-query.js';

describe('a list search as the repositories take it', () => {
  it('is none when absent or blank', () => {
    expect(toSearchQuery(undefined)).toBeNull();
    expect(toSearchQuery(' \t\n ')).toBeNull();
  });

  it('keeps the text whole for exact and similar names, and requires each word, the last one as a prefix', () => {
    expect(toSearchQuery('  Zulip/zulip-Mobile  ')).toEqual({
      text: 'Zulip/zulip-Mobile',
      words: ['zulip', 'mobile'],
      typing: true,
      prefixQuery: 'zulip & mobile:*',
    });
    expect(toSearchQuery('rust   game\nengi')).toEqual({
      text: 'rust game engi',
      words: ['rust', 'game', 'engi'],
      typing: true,
      prefixQuery: 'rust & game & engi:*',
    });
    expect(toSearchQuery('zul')?.prefixQuery).toBe('zul:*');
  });

  it('takes words of any script and never passes tsquery syntax on', () => {
    expect(toSearchQuery("café's & !bar | (baz) <-> 'q':*")?.prefixQuery).toBe('café & s & bar & baz & q:*');
    expect(toSearchQuery('日本語 ÜBER')?.prefixQuery).toBe('日本語 & über:*');
  });

  it('has no words when the text is only punctuation, and ignores words past the limit', () => {
    expect(toSearchQuery('!!! ::')).toEqual({ text: '!!! ::', words: [], typing: true, prefixQuery: null });
    const many = Array.from({ length: SEARCH_MAX_WORDS + 3 }, (_, i) => `w${i}`).join(' ');
    // The words kept were all typed in full: none of them is a prefix.
    expect(toSearchQuery(many)?.typing).toBe(false);
    expect(toSearchQuery(many)?.prefixQuery?.split(' & ')).toEqual(
      Array.from({ length: SEARCH_MAX_WORDS }, (_, i) => `w${i}`),
    );
  });

  it('refuses Best match without a search', () => {
    expect(() => searchOf({ sortField: 'relevance', q: '  ' })).toThrow(/body\.sortField.*body\.q/);
    expect(searchOf({ sortField: 'name', q: '  ' })).toBeNull();
    expect(searchOf({ sortField: 'relevance', q: 'zulip' })?.text).toBe('zulip');
  });
});
