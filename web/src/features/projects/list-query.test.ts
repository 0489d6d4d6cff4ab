import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_QUERY, formatListQuery, parseListQuery, toListRequest } from './list-query';

describe('the list query in the URL', () => {
  it('reads every control', () => {
    expect(parseListQuery('?sort=used_by-asc&topics=react,cli&languages=C%2B%2B,Go&new=1&page=4')).toEqual({
      sort: 'used_by-asc',
      topics: ['react', 'cli'],
      languages: ['C++', 'Go'],
      showNew: true,
      page: 4,
    });
  });

  it.each([
    ['?sort=stars-desc', { sort: 'contributors-desc' }],
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
        sort: 'saves-desc',
        topics: ['react', 'cli'],
        languages: ['C#'],
        showNew: true,
        page: 3,
      }),
    ).toBe('?sort=saves-desc&topics=react,cli&languages=C%23&new=1&page=3');
  });

  it('reads back what it writes', () => {
    const query = { sort: 'name-asc', topics: ['web'], languages: ['C++', 'F#'], showNew: false, page: 2 };
    expect(parseListQuery(formatListQuery(query))).toEqual(query);
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
