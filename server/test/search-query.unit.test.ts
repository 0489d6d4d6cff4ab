import { describe, expect, it } from 'vitest';
import { searchOf, SEARCH_MAX_WORDS, toSearchQuery } from '../src/platform/search-query.js';

describe('a list search as the repositories take it', () => {
  it('is none when absent or blank', () => {
    expect(toSearchQuery(undefined)).toBeNull();
    expect(toSearchQuery(' \t\n ')).toBeNull();
  });

  it('keeps the text whole for exact and similar names, and each word as a required prefix', () => {
    expect(toSearchQuery('  Zulip/zulip-Mobile  ')).toEqual({
      text: 'Zulip/zulip-Mobile',
      prefixQuery: 'Zulip:* & zulip:* & Mobile:*',
    });
    expect(toSearchQuery('rust   game\nengine')).toEqual({
      text: 'rust game engine',
      prefixQuery: 'rust:* & game:* & engine:*',
    });
  });

  it('takes words of any script and never passes tsquery syntax on', () => {
    expect(toSearchQuery("café's & !bar | (baz) <-> 'q':*")?.prefixQuery).toBe(
      'café:* & s:* & bar:* & baz:* & q:*',
    );
    expect(toSearchQuery('日本語 ÜBER')?.prefixQuery).toBe('日本語:* & ÜBER:*');
  });

  it('has no words when the text is only punctuation, and ignores words past the limit', () => {
    expect(toSearchQuery('!!! ::')).toEqual({ text: '!!! ::', prefixQuery: null });
    const many = Array.from({ length: SEARCH_MAX_WORDS + 3 }, (_, i) => `w${i}`).join(' ');
    expect(toSearchQuery(many)?.prefixQuery?.split(' & ')).toHaveLength(SEARCH_MAX_WORDS);
  });

  it('refuses Best match without a search', () => {
    expect(() => searchOf({ sortField: 'relevance', q: '  ' })).toThrow(/body\.sortField.*body\.q/);
    expect(searchOf({ sortField: 'name', q: '  ' })).toBeNull();
    expect(searchOf({ sortField: 'relevance', q: 'zulip' })?.text).toBe('zulip');
  });
});
