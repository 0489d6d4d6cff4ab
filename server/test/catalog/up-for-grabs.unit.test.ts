import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../src/catalog/sources/types.js';
import {
  MAX_UP_FOR_GRABS_FILE_BYTES,
  parseUpForGrabsFile,
  parseUpForGrabsFolder,
} from '../../src/catalog/sources/up-for-grabs.js';

const projectsDir = fileURLToPath(new URL('./fixtures/up-for-grabs/projects/', import.meta.url));

const ANKIDROID = `---
name: AnkiDroid
desc: Your secret trick to achieve superhuman information retention.
site: https://docs.ankidroid.org/
tags:
- java
- android
upforgrabs:
  name: Good First Issue!
  link: >-
    https://github.com/ankidroid/Anki-Android/issues?q=is%3Aopen+is%3Aissue+label%3A%22Good+First+Issue%21%22
stats:
  issue-count: 25
  last-updated: '2024-10-16T07:18:11Z'
  fork-count: 2212
`;

function onlyEntry(fileName: string, text: string): CatalogEntry {
  const result = parseUpForGrabsFile(fileName, text);
  expect(result.skipped).toEqual([]);
  expect(result.entries).toHaveLength(1);
  return result.entries[0] as CatalogEntry;
}

function onlyReason(fileName: string, text: string): string {
  const result = parseUpForGrabsFile(fileName, text);
  expect(result.entries).toEqual([]);
  expect(result.skipped).toHaveLength(1);
  expect(result.skipped[0]?.source).toBe(`up-for-grabs:${fileName}`);
  return result.skipped[0]?.reason ?? '';
}

describe('parseUpForGrabsFile', () => {
  it('maps a project file to an entry', () => {
    expect(onlyEntry('AnkiDroid.yml', ANKIDROID)).toEqual({
      repoExt: 'ankidroid/Anki-Android',
      name: 'AnkiDroid',
      description: 'Your secret trick to achieve superhuman information retention.',
      topics: ['java', 'android'],
      language: null,
      stars: null,
      forks: 2212,
      license: null,
      lastPushAt: null,
      openIssues: null,
      beginnerIssues: 25,
      issueLabel: 'Good First Issue!',
      issues: [],
      source: 'up-for-grabs:AnkiDroid.yml',
    });
  });

  it('leaves the counts unknown when there are no stats', () => {
    const entry = onlyEntry('x.yml', 'name: X\nupforgrabs:\n  name: easy\n  link: https://github.com/x/y\n');
    expect(entry).toMatchObject({ repoExt: 'x/y', forks: null, beginnerIssues: null, stars: null });
    expect(entry.description).toBeNull();
    expect(entry.topics).toEqual([]);
  });

  it('takes the repository from the site when the link names none', () => {
    const text =
      'name: Z\nsite: https://github.com/zenml-io/zenml\nupforgrabs:\n  link: https://github.com/issues?q=x\n';
    expect(onlyEntry('zenml.yml', text).repoExt).toBe('zenml-io/zenml');
  });

  it('prefers the link to the site', () => {
    const text =
      'site: https://github.com/site/repo\nupforgrabs:\n  link: https://github.com/link/repo/labels/x\n';
    expect(onlyEntry('both.yml', text).repoExt).toBe('link/repo');
  });

  it('uses the site when the link is missing', () => {
    expect(onlyEntry('s.yml', 'site: https://github.com/only/site\n').repoExt).toBe('only/site');
  });

  it.each([
    [
      'gitlab.yml',
      'upforgrabs:\n  link: https://gitlab.com/g/p/-/issues\n',
      'not a GitHub repository: https://gitlab.com/g/p/-/issues',
    ],
    [
      'org.yml',
      'upforgrabs:\n  link: https://github.com/orgs/x/projects/1\n',
      'not a GitHub repository: https://github.com/orgs/x/projects/1',
    ],
    [
      'nolink.yml',
      'name: N\nsite: https://n.example\nupforgrabs:\n  name: easy\n',
      'missing upforgrabs.link',
    ],
    ['noufg.yml', 'name: N\n', 'missing upforgrabs.link'],
    ['numlink.yml', 'upforgrabs:\n  link: 42\n', 'missing upforgrabs.link'],
    ['emptylink.yml', "upforgrabs:\n  link: '  '\n", 'missing upforgrabs.link'],
    ['empty.yml', '', 'empty file'],
    ['comment.yml', '# nothing here\n', 'empty file'],
    ['list.yml', '- a\n- b\n', 'expected a YAML mapping at the top level, found a list'],
    ['text.yml', 'just some words\n', 'expected a YAML mapping at the top level, found text'],
    ['number.yml', '42\n', 'expected a YAML mapping at the top level, found a number'],
  ])('skips %s: %s', (fileName, text, reason) => {
    expect(onlyReason(fileName, text)).toBe(reason);
  });

  it.each([
    ['dup.yml', 'name: A\nname: B\n', 'invalid YAML: Map keys must be unique'],
    ['quote.yml', 'name: "unclosed\ndesc: x\n', 'invalid YAML: Missing closing "quote'],
    ['indent.yml', 'name: A\n  desc: x: y\n', 'invalid YAML: Nested mappings are not allowed'],
    ['two.yml', 'name: A\n---\nname: B\n', 'invalid YAML: Source contains multiple documents'],
    ['tab.yml', 'name:\n\t- a\n', 'invalid YAML: '],
  ])('skips malformed YAML %s with a short parser message', (fileName, text, start) => {
    const reason = onlyReason(fileName, text);
    expect(reason.startsWith(start)).toBe(true);
    expect(reason).not.toContain('\n');
    expect(reason.length).toBeLessThanOrEqual('invalid YAML: '.length + 200);
  });

  it('refuses an alias bomb rather than expanding it', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 10; level += 1) {
      lines.push(
        `${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + level)}`)
          .join(', ')}]`,
      );
    }
    lines.push('upforgrabs:\n  link: https://github.com/x/y');
    expect(onlyReason('bomb.yml', lines.join('\n'))).toMatch(/^invalid YAML: .*alias/i);
  });
});

describe('parseUpForGrabsFolder on the fixtures', () => {
  it('reads every *.yml and *.yaml file in name order, skipping the bad ones with a reason', async () => {
    const result = await parseUpForGrabsFolder(projectsDir);
    expect(result.entries.map((entry) => [entry.source, entry.repoExt])).toEqual([
      ['up-for-grabs:org-search.yml', 'org-search/core'],
      ['up-for-grabs:sample-app.yml', 'Sample-Org/Sample.App'],
      ['up-for-grabs:wrong-types.yml', 'wrong/types'],
      ['up-for-grabs:zz-sample-app-again.yaml', 'sample-org/sample.app'],
    ]);
    expect(result.skipped).toEqual([
      {
        source: 'up-for-grabs:a-list.yml',
        reason: 'expected a YAML mapping at the top level, found a list',
      },
      {
        source: 'up-for-grabs:gitlab-project.yml',
        reason:
          'not a GitHub repository: https://gitlab.com/example/gitlab-project/-/issues?label_name%5B%5D=good%20first%20issue',
      },
      {
        source: 'up-for-grabs:malformed.yml',
        reason: expect.stringMatching(/^invalid YAML: Map keys must be unique/),
      },
      { source: 'up-for-grabs:missing-link.yml', reason: 'missing upforgrabs.link' },
    ]);
  });

  it('normalises the fields of a valid file', async () => {
    const { entries } = await parseUpForGrabsFolder(projectsDir);
    expect(entries.find((entry) => entry.source === 'up-for-grabs:sample-app.yml')).toEqual({
      repoExt: 'Sample-Org/Sample.App',
      name: 'Sample App',
      description: 'A small app used by the catalogue tests. Its description is folded over two lines.',
      topics: ['typescript', 'web-apps'],
      language: null,
      stars: null,
      forks: 120,
      license: null,
      lastPushAt: null,
      openIssues: null,
      beginnerIssues: 7,
      issueLabel: 'up-for-grabs',
      issues: [],
      source: 'up-for-grabs:sample-app.yml',
    });
  });

  it('drops wrongly typed optional fields but keeps the entry', async () => {
    const { entries } = await parseUpForGrabsFolder(projectsDir);
    expect(entries.find((entry) => entry.source === 'up-for-grabs:wrong-types.yml')).toMatchObject({
      repoExt: 'wrong/types',
      name: null,
      description: null,
      topics: [],
      forks: null,
      beginnerIssues: null,
      issueLabel: null,
      lastPushAt: null,
    });
  });

  describe('in a scratch folder', () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'openlfg-ufg-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    it('skips a file too large to be a project file', async () => {
      writeFileSync(path.join(scratch, 'big.yml'), `desc: ${'x'.repeat(MAX_UP_FOR_GRABS_FILE_BYTES)}\n`);
      writeFileSync(path.join(scratch, 'ok.YML'), 'upforgrabs:\n  link: https://github.com/ok/ok\n');
      const result = await parseUpForGrabsFolder(scratch);
      expect(result.entries.map((entry) => entry.repoExt)).toEqual(['ok/ok']);
      expect(result.skipped).toEqual([
        { source: 'up-for-grabs:big.yml', reason: expect.stringMatching(/^file too large: \d+ bytes/) },
      ]);
    });

    it('throws a clear error for a folder that does not exist', async () => {
      await expect(parseUpForGrabsFolder(path.join(scratch, 'missing'))).rejects.toThrow(
        /^Cannot read the up-for-grabs folder .*missing: ENOENT/,
      );
    });
  });
});
