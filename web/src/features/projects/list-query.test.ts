import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_QUERY, formatListQuery, parseListQuery, toListRequest } from './list-query';

describe('the list query in the URL', () => {
  it('reads every control', () => {
    expect(parseListQuery('?sort=used_by-asc&topics=react,cli&languages=C%2B%2B,Go&new=1&page=4')).toEqual({
      q: '',
      sort: 'used_by-asc',
      topics: ['react', 'cli'],
      languages: ['C++', 'Go'],
      showNew: true,
      page: 4,
    });
  });

  it.each([
    ['?sort=stars-desc', { sort: 'contributors-desc' }],
    // Best match needs a search.
    ['?sort=relevance-desc', { sort: 'contributors-desc' }],
    ['?q=%20%20&sort=relevance-desc', { sort: 'contributors-desc' }],
    [`?q=${'a'.repeat(120)}`, { q: 'a'.repeat(100), sort: 'relevance-desc' }],
    ['?q=zu%00lip', { q: 'zu lip', sort: 'relevance-desc' }],
    ['?sort=', { sort: 'contributors-desc' }],
    ['?page=0', { page: 1 }],
    ['?page=2.5', { page: 1 }],
    ['?page=abc', { page: 1 }],
    ['?page=99999999', { page: 1 }],
    ['?new=true', { showNew: false }],
    ['?topics=React,,react, cli ,no spaces,-dash', { topics: ['react', 'cli'] }],
    ['?topics=a,b,c,d,e,f,g,h,i,j,k,l', { topics: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] }],
    [`?languages=${'x'.repeat(51)},Go,Go`, { languages: ['Go'] }],
  ])('falls back silently for %s', (search, expected) => {
    expect(parseListQuery(search)).toEqual({ ...DEFAULT_LIST_QUERY, ...expected });
  });

  it('leaves defaults out of the address and keeps commas readable', () => {
    expect(formatListQuery(DEFAULT_LIST_QUERY)).toBe('');
    expect(
      formatListQuery({
        q: '',
        sort: 'saves-desc',
        topics: ['react', 'cli'],
        languages: ['C#'],
        showNew: true,
        page: 3,
      }),
    ).toBe('?sort=saves-desc&topics=react,cli&languages=C%23&new=1&page=3');
  });

  it('reads back what it writes', () => {
    const query = {
      q: '',
      sort: 'name-asc',
      topics: ['web'],
      languages: ['C++', 'F#'],
      showNew: false,
      page: 2,
    };
    expect(parseListQuery(formatListQuery(query))).toEqual(query);
  });

  it('chooses Best match while searching, and keeps another sort the user chose', () => {
    expect(parseListQuery('?q=zulip')).toEqual({ ...DEFAULT_LIST_QUERY, q: 'zulip', sort: 'relevance-desc' });
    expect(parseListQuery('?q=zulip&sort=name-asc')).toEqual({
      ...DEFAULT_LIST_QUERY,
      q: 'zulip',
      sort: 'name-asc',
    });
    expect(parseListQuery('?q=zulip&sort=stars-desc').sort).toBe('relevance-desc');
    // The default of the moment is left out: Best match with a search, Most Contributors without.
    expect(formatListQuery({ ...DEFAULT_LIST_QUERY, q: 'zulip chat', sort: 'relevance-desc' })).toBe(
      '?q=zulip%20chat',
    );
    expect(
      formatListQuery({ ...DEFAULT_LIST_QUERY, q: 'zulip', sort: 'contributors-desc', topics: ['chat'] }),
    ).toBe('?q=zulip&sort=contributors-desc&topics=chat');
    const query = { ...DEFAULT_LIST_QUERY, q: 'rust cli', sort: 'saves-desc', topics: ['cli'], page: 2 };
    expect(parseListQuery(formatListQuery(query))).toEqual(query);
  });

  it('sends the search, trimmed, and Best match only with one', () => {
    expect(toListRequest({ ...DEFAULT_LIST_QUERY, q: ' zulip ', sort: 'relevance-desc' })).toEqual({
      sortField: 'relevance',
      order: 'DESC',
      filters: { topics: [], languages: [] },
      page: 1,
      showNew: false,
      q: 'zulip',
    });
    expect(toListRequest({ ...DEFAULT_LIST_QUERY, sort: 'relevance-desc' }).sortField).toBe('contributors');
  });

  it("turns into the API's request", () => {
    expect(toListRequest({ ...DEFAULT_LIST_QUERY, sort: 'used_by-asc', topics: ['cli'], page: 2 })).toEqual({
      sortField: 'used_by',
      order: 'ASC',
      filters: { topics: ['cli'], languages: [] },
      page: 2,
      showNew: false,
    });
  });
});
