import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_ISSUES_PER_ENTRY, parseGeneratedJson } from '../../src/catalog/sources/generated-json.js';

const fixture = readFileSync(new URL('./fixtures/generated.json', import.meta.url), 'utf8');

function repository(fields: Record<string, unknown>) {
  return JSON.stringify({ repositories: [{ owner: 'o', name: 'n', ...fields }] });
}

describe('parseGeneratedJson on the fixture', () => {
  const result = parseGeneratedJson(fixture, 'generated.json');

  it('maps a complete repository with its issues', () => {
    expect(result.entries[0]).toEqual({
      repoExt: 'Example-Org/widget',
      name: null,
      description: 'Widgets for everyone.',
      topics: ['ui', 'design-system'],
      language: 'TypeScript',
      stars: 1234,
      forks: null,
      license: 'MIT License',
      lastPushAt: new Date('2026-06-03T19:51:25Z'),
      openIssues: null,
      beginnerIssues: 1,
      issueLabel: null,
      issues: [
        {
          number: 17,
          title: 'Document the button',
          url: 'https://github.com/Example-Org/widget/issues/17',
          comments: 3,
          createdAt: new Date('2026-04-18T19:12:07Z'),
          labels: ['Good First Issue', 'docs'],
        },
        {
          number: 18,
          title: 'Speed up rendering',
          url: 'https://github.com/Example-Org/widget/issues/18',
          comments: 0,
          createdAt: new Date('2026-05-01T08:00:00Z'),
          labels: ['performance'],
        },
      ],
      source: 'generated.json#1',
    });
  });

  it('drops wrongly typed fields but keeps the repository', () => {
    expect(result.entries[1]).toEqual({
      repoExt: 'wrong-types/gadget',
      name: null,
      description: null,
      topics: [],
      language: null,
      stars: null,
      forks: null,
      license: null,
      lastPushAt: null,
      openIssues: null,
      beginnerIssues: 1,
      issueLabel: null,
      issues: [
        {
          number: 5,
          title: 'Help wanted here',
          url: 'https://github.com/wrong-types/gadget/issues/5',
          comments: 0,
          createdAt: new Date('2025-01-10T12:00:00Z'),
          labels: ['help wanted'],
        },
      ],
      source: 'generated.json#2',
    });
    expect(result.entries).toHaveLength(2);
  });

  it('skips what names no GitHub repository, and issues it cannot use, with reasons', () => {
    expect(result.skipped).toEqual([
      {
        source: 'generated.json#1 issue 3',
        reason: 'missing or invalid url (an https://github.com/ address): javascript:alert(1)',
      },
      { source: 'generated.json#3', reason: 'missing owner, name and url' },
      { source: 'generated.json#4', reason: 'not a GitHub repository: https://gitlab.com/gitlab-only/thing' },
      { source: 'generated.json#5', reason: 'expected an object, found text' },
    ]);
  });
});

describe('parseGeneratedJson', () => {
  it('names sources after the file it is given', () => {
    expect(parseGeneratedJson(repository({}), 'catalogue.json').entries[0]?.source).toBe('catalogue.json#1');
    expect(parseGeneratedJson(repository({})).entries[0]?.source).toBe('generated.json#1');
  });

  it.each([
    ['{ not json', /^invalid JSON: /],
    ['[]', /^no "repositories" list at the top level$/],
    ['{"repositories": {}}', /^no "repositories" list at the top level$/],
    ['null', /^no "repositories" list at the top level$/],
  ])('gives one skipped record for a whole unusable file: %s', (text, reason) => {
    const result = parseGeneratedJson(text, 'bad.json');
    expect(result.entries).toEqual([]);
    expect(result.skipped).toEqual([{ source: 'bad.json', reason: expect.stringMatching(reason) }]);
  });

  it('accepts a byte order mark and an empty list', () => {
    expect(parseGeneratedJson('\uFEFF{"repositories": []}')).toEqual({ entries: [], skipped: [] });
  });

  it('falls back to the url when owner and name are missing or unusable', () => {
    const text = JSON.stringify({
      repositories: [
        { url: 'https://github.com/from/url' },
        { owner: 'bad owner', name: 'x', url: 'https://github.com/fixed/by-url' },
      ],
    });
    expect(parseGeneratedJson(text).entries.map((entry) => entry.repoExt)).toEqual([
      'from/url',
      'fixed/by-url',
    ]);
  });

  it('reports owner and name that are not a repository when there is no url', () => {
    const result = parseGeneratedJson(JSON.stringify({ repositories: [{ owner: 'orgs', name: 'x' }] }));
    expect(result.skipped).toEqual([
      { source: 'generated.json#1', reason: 'not a GitHub repository: owner orgs, name x' },
    ]);
  });

  it('accepts language and topics given as plain strings or by id', () => {
    const entry = parseGeneratedJson(
      repository({ language: 'Go', topics: ['CLI', { id: 'dev-tools' }, { display: 7 }, null] }),
    ).entries[0];
    expect(entry?.language).toBe('Go');
    expect(entry?.topics).toEqual(['cli', 'dev-tools']);
  });

  it.each([
    ['stars', -5],
    ['stars', 12.5],
    ['stars', '12'],
    ['stars', null],
  ])('leaves %s unknown for %j, never 0', (field, value) => {
    expect(parseGeneratedJson(repository({ [field]: value })).entries[0]?.stars).toBeNull();
  });

  it('bounds and trims the description', () => {
    const entry = parseGeneratedJson(repository({ description: ` ${'d'.repeat(5000)} ` })).entries[0];
    expect(entry?.description).toHaveLength(1000);
    expect(parseGeneratedJson(repository({ description: '   ' })).entries[0]?.description).toBeNull();
  });

  it.each([
    [{ number: 0 }, 'missing or invalid number: 0'],
    [{ number: '7' }, 'missing or invalid number: 7'],
    [{ number: undefined }, 'missing or invalid number: undefined'],
    [{ title: '  ' }, 'missing title'],
    [
      { url: 'http://github.com/o/n/issues/1' },
      'missing or invalid url (an https://github.com/ address): http://github.com/o/n/issues/1',
    ],
    [
      { url: 'https://evil.example/o/n/issues/1' },
      'missing or invalid url (an https://github.com/ address): https://evil.example/o/n/issues/1',
    ],
    [{ created_at: 'soon' }, 'missing or invalid created_at: soon'],
    [{ created_at: 1700000000 }, 'missing or invalid created_at: 1700000000'],
  ])('leaves out an issue with %j: %s', (override, reason) => {
    const issue = {
      number: 1,
      title: 'Fine',
      url: 'https://github.com/o/n/issues/1',
      comments_count: 1,
      created_at: '2025-01-01T00:00:00Z',
      labels: [],
      ...override,
    };
    const result = parseGeneratedJson(repository({ issues: [issue, 'junk'] }));
    expect(result.entries).toHaveLength(1);
    expect(result.entries[0]?.issues).toEqual([]);
    expect(result.skipped).toEqual([
      { source: 'generated.json#1 issue 1', reason },
      { source: 'generated.json#1 issue 2', reason: 'expected an object, found text' },
    ]);
  });

  it('keeps the first of two issues with the same number', () => {
    const issue = (title: string) => ({
      number: 3,
      title,
      url: 'https://github.com/o/n/issues/3',
      comments_count: 0,
      created_at: '2025-01-01',
      labels: [{ id: 'easy', display: 'Easy' }],
    });
    const result = parseGeneratedJson(repository({ issues: [issue('first'), issue('second')] }));
    expect(result.entries[0]?.issues.map((i) => i.title)).toEqual(['first']);
    expect(result.entries[0]?.beginnerIssues).toBe(1);
    expect(result.skipped).toEqual([{ source: 'generated.json#1 issue 2', reason: 'duplicate of issue #3' }]);
  });

  it('counts beginner issues among the listed ones only', () => {
    const issue = (number: number, labels: string[]) => ({
      number,
      title: `Issue ${number}`,
      url: `https://github.com/o/n/issues/${number}`,
      comments_count: 0,
      created_at: '2025-01-01T00:00:00Z',
      labels: labels.map((display) => ({ id: display, display })),
    });
    const entry = parseGeneratedJson(
      repository({
        issues: [
          issue(1, ['bug']),
          issue(2, ['Good First Issue']),
          issue(3, ['help wanted', 'easy']),
          issue(4, []),
        ],
      }),
    ).entries[0];
    expect(entry?.beginnerIssues).toBe(2);
    expect(entry?.openIssues).toBeNull();
    expect(parseGeneratedJson(repository({})).entries[0]?.beginnerIssues).toBe(0);
  });

  it('keeps at most 1,000 issues per repository and says so', () => {
    const issues = Array.from({ length: MAX_ISSUES_PER_ENTRY + 2 }, (_, index) => ({
      number: index + 1,
      title: `Issue ${index + 1}`,
      url: `https://github.com/o/n/issues/${index + 1}`,
      comments_count: 0,
      created_at: '2025-01-01T00:00:00Z',
      labels: [],
    }));
    const result = parseGeneratedJson(repository({ issues }));
    expect(result.entries[0]?.issues).toHaveLength(1000);
    expect(result.skipped).toEqual([
      { source: 'generated.json#1 issues', reason: '1002 issues listed: only the first 1000 are kept' },
    ]);
  });
});
