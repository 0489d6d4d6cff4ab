import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRepositoriesToml } from '../../src/catalog/sources/repositories-toml.js';

const fixture = readFileSync(new URL('./fixtures/repositories.toml', import.meta.url), 'utf8');

describe('parseRepositoriesToml', () => {
  it('maps each listed repository to an entry that knows only its name', () => {
    const result = parseRepositoriesToml(fixture, 'repositories.toml');
    expect(result.entries.map((entry) => [entry.source, entry.repoExt])).toEqual([
      ['repositories.toml#1', 'Example-Org/widget'],
      ['repositories.toml#2', 'second/repo'],
      ['repositories.toml#5', 'example-org/WIDGET'],
    ]);
    expect(result.entries[0]).toEqual({
      repoExt: 'Example-Org/widget',
      name: null,
      description: null,
      topics: [],
      language: null,
      stars: null,
      forks: null,
      license: null,
      lastPushAt: null,
      openIssues: null,
      beginnerIssues: null,
      issueLabel: null,
      issues: [],
      source: 'repositories.toml#1',
    });
  });

  it('skips entries that are not GitHub repositories, with the reason', () => {
    expect(parseRepositoriesToml(fixture, 'repositories.toml').skipped).toEqual([
      { source: 'repositories.toml#3', reason: 'not a GitHub repository: gitlab.com/not/github' },
      { source: 'repositories.toml#4', reason: 'expected a string, found a number: 42' },
    ]);
  });

  it.each([
    ['repositories = [', /^invalid TOML: /],
    ['repositories = "github.com/a/b"', /^no "repositories" list at the top level$/],
    ['projects = ["github.com/a/b"]', /^no "repositories" list at the top level$/],
  ])('gives one skipped record for a whole unusable file: %j', (text, reason) => {
    const result = parseRepositoriesToml(text, 'bad.toml');
    expect(result.entries).toEqual([]);
    expect(result.skipped).toEqual([{ source: 'bad.toml', reason: expect.stringMatching(reason) }]);
  });

  it('names sources repositories.toml by default and reads nested lists as junk', () => {
    const result = parseRepositoriesToml('\uFEFFrepositories = ["a/b", ["c/d"], { x = 1 }]');
    expect(result.entries.map((entry) => entry.source)).toEqual(['repositories.toml#1']);
    expect(result.skipped.map((skip) => skip.reason)).toEqual([
      'expected a string, found a list: ["c/d"]',
      'expected a string, found an object: {"x":1}',
    ]);
  });
});
