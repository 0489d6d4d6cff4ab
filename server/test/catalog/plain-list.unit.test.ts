import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePlainList } from '../../src/catalog/sources/plain-list.js';

const fixture = readFileSync(new URL('./fixtures/list.txt', import.meta.url), 'utf8');

describe('parsePlainList', () => {
  it('reads owner/name and GitHub URLs, ignoring blank lines and comments', () => {
    const result = parsePlainList(fixture, 'list');
    expect(result.entries.map((entry) => [entry.source, entry.repoExt])).toEqual([
      ['list:line 3', 'Example-Org/widget'],
      ['list:line 4', 'second/repo'],
      ['list:line 5', 'third/remote'],
      ['list:line 10', 'EXAMPLE-ORG/Widget'],
    ]);
    expect(result.entries[0]).toMatchObject({ name: null, stars: null, topics: [], issues: [] });
  });

  it('skips junk lines with the reason and the line number', () => {
    expect(parsePlainList(fixture, 'list').skipped).toEqual([
      { source: 'list:line 7', reason: 'not a GitHub repository: github.com/orgs/some-org' },
      { source: 'list:line 8', reason: 'not a GitHub repository: not a repository at all' },
      { source: 'list:line 9', reason: 'not a GitHub repository: https://gitlab.com/group/project' },
    ]);
  });

  it('counts lines the same whatever the line endings, and keeps URL fragments', () => {
    const result = parsePlainList(
      '\uFEFF# head\r\na/b\r\n\r\nhttps://github.com/c/d#readme\rjunk',
      'repos.txt',
    );
    expect(result.entries.map((entry) => [entry.source, entry.repoExt])).toEqual([
      ['repos.txt:line 2', 'a/b'],
      ['repos.txt:line 4', 'c/d'],
    ]);
    expect(result.skipped).toEqual([{ source: 'repos.txt:line 5', reason: 'not a GitHub repository: junk' }]);
  });

  it('gives nothing for an empty list', () => {
    expect(parsePlainList('')).toEqual({ entries: [], skipped: [] });
    expect(parsePlainList('\n  \n# only comments\n')).toEqual({ entries: [], skipped: [] });
  });
});
