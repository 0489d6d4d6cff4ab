import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TOPIC_PATTERN } from '@openlfg/contracts';
import { describe, expect, it } from 'vitest';
import { isBeginnerFriendly } from '../../src/catalog/sources/beginner-labels.js';
import { parseCatalogPath } from '../../src/catalog/sources/detect.js';
import { parseGitHubRepo } from '../../src/catalog/sources/github-repo-url.js';
import type { CatalogEntry, ParseResult } from '../../src/catalog/sources/types.js';
import { parseUpForGrabsFolder } from '../../src/catalog/sources/up-for-grabs.js';

/**
 * The real public catalogues in ../shared/data (see its README.md). They are not part of the repository: on
 * a fresh clone this suite is skipped, and the fixture tests still run.
 */
const dataDir = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const exists = existsSync(dataDir);
if (!exists) {
  console.warn(
    `Skipping the catalogue tests over real data: ${dataDir} is absent (it holds the public catalogues, ` +
      'which are not part of the repository). The fixture tests still run.',
  );
}

function bySource(result: ParseResult, source: string): CatalogEntry {
  const entry = result.entries.find((candidate) => candidate.source === source);
  if (!entry) throw new Error(`no entry from ${source}`);
  return entry;
}

function reasonCounts(result: ParseResult): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { reason } of result.skipped) {
    const kind = reason.replace(/: .*$/, '');
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

function expectWellFormed(entries: CatalogEntry[]): void {
  for (const entry of entries) {
    expect(parseGitHubRepo(entry.repoExt)?.repoExt).toBe(entry.repoExt);
    expect(entry.topics.length).toBeLessThanOrEqual(20);
    for (const topic of entry.topics) expect(topic).toMatch(new RegExp(TOPIC_PATTERN));
    expect(entry.topics).toEqual(entry.topics.map((topic) => topic.toLowerCase()));
    expect(new Set(entry.topics).size).toBe(entry.topics.length);
    if (entry.description !== null) {
      expect(entry.description.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeLessThanOrEqual(1000);
      expect(entry.description).toBe(entry.description.trim());
    }
  }
}

describe.skipIf(!exists)('the up-for-grabs projects folder (real data)', async () => {
  const projectsDir = `${dataDir}up-for-grabs/projects`;
  const fileCount = exists ? readdirSync(projectsDir).filter((name) => /\.ya?ml$/.test(name)).length : 0;
  const result = exists ? await parseUpForGrabsFolder(projectsDir) : { entries: [], skipped: [] };

  it('accounts for every one of the 1,129 files', () => {
    expect(fileCount).toBe(1129);
    expect(result.entries.length + result.skipped.length).toBe(1129);
    expect(result.entries).toHaveLength(1088);
    expect(result.skipped).toHaveLength(41);
    expectWellFormed(result.entries);
  });

  it('gives every skipped file a reason: 41 projects that live outside GitHub or link to a search', () => {
    for (const skipped of result.skipped) expect(skipped.reason.length).toBeGreaterThan(0);
    expect(reasonCounts(result)).toEqual({ 'not a GitHub repository': 41 });
    expect(result.skipped).toContainEqual({
      source: 'up-for-grabs:html-validate.yml',
      reason:
        'not a GitHub repository: https://gitlab.com/html-validate/html-validate/-/issues/?label_name%5B%5D=good%20first%20issue',
    });
    expect(result.skipped).toContainEqual({
      source: 'up-for-grabs:meshery.yaml',
      reason: expect.stringMatching(/^not a GitHub repository: https:\/\/github\.com\/issues\?q=/),
    });
  });

  it('maps AnkiDroid.yml', () => {
    expect(bySource(result, 'up-for-grabs:AnkiDroid.yml')).toEqual({
      repoExt: 'ankidroid/Anki-Android',
      name: 'AnkiDroid',
      description: 'Your secret trick to achieve superhuman information retention.',
      topics: ['java', 'android', 'anki', 'flashcard', 'retention', 'memory', 'learning'],
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

  it('finds the repository from the site when the link is an organisation-wide search', () => {
    expect(bySource(result, 'up-for-grabs:zenml.yml').repoExt).toBe('zenml-io/zenml');
    expect(bySource(result, 'up-for-grabs:datatogether.yml')).toMatchObject({
      repoExt: 'datatogether/datatogether',
      beginnerIssues: 0,
      forks: null,
    });
  });

  it('keeps at most 20 of the 25 tags of SparkleShare, under their canonical names', () => {
    const topics = bySource(result, 'up-for-grabs:SparkleShare.yml').topics;
    expect(topics).toHaveLength(20);
    // .NET and C# as a group's owner would have to type them.
    expect(topics.slice(0, 3)).toEqual(['dotnet', 'csharp', 'sync']);
  });

  it('merges the one file whose link repeats another project (friday-ai.yml links to FreshRSS)', async () => {
    const merged = await parseCatalogPath(`${dataDir}up-for-grabs`);
    expect(merged.format).toBe('up-for-grabs');
    expect(merged.entries).toHaveLength(1087);
    expect(merged.skipped).toHaveLength(42);
    expect(merged.skipped).toContainEqual({
      source: 'up-for-grabs:friday-ai.yml',
      reason: 'duplicate of up-for-grabs:FreshRSS.yml',
    });
  });
});

describe.skipIf(!exists)('the forgoodfirstissue generated.json (real data)', async () => {
  const result = exists
    ? await parseCatalogPath(`${dataDir}forgoodfirstissue/generated.json`)
    : { format: 'generated-json', entries: [], skipped: [] };
  const issues = result.entries.flatMap((entry) => entry.issues);

  it('reads all 97 repositories and 222 issues', () => {
    expect(result.format).toBe('generated-json');
    expect(result.entries).toHaveLength(97);
    expect(result.skipped).toEqual([]);
    expect(issues).toHaveLength(222);
    expectWellFormed(result.entries);
  });

  it('maps the first repository, OpenTermsArchive/engine', () => {
    expect(result.entries[0]).toEqual({
      repoExt: 'OpenTermsArchive/engine',
      name: null,
      description: 'Tracks contractual documents and exposes changes to the terms of online services.',
      topics: ['sdg-16', 'sdg-9', 'sdg-17'],
      language: 'JavaScript',
      stars: 130,
      forks: null,
      license: 'European Union Public License 1.2',
      lastPushAt: new Date('2026-06-03T19:51:25Z'),
      openIssues: null,
      beginnerIssues: 1,
      issueLabel: null,
      issues: [
        {
          number: 832,
          title: 'Improve documents validation message',
          url: 'https://github.com/OpenTermsArchive/engine/issues/832',
          comments: 7,
          createdAt: new Date('2022-04-22T16:25:27Z'),
          labels: ['good first issue'],
        },
      ],
      source: 'generated.json#1',
    });
  });

  it('keeps the last repository, with its null description and no issues', () => {
    expect(result.entries[96]).toMatchObject({
      repoExt: 'FASP-QAT/fasp-api',
      description: null,
      language: 'Java',
      stars: 7,
      license: 'Apache License 2.0',
      issues: [],
      beginnerIssues: 0,
      source: 'generated.json#97',
    });
  });

  it('knows what the file says and no more', () => {
    expect(result.entries.filter((entry) => entry.description === null)).toHaveLength(10);
    expect(result.entries.filter((entry) => entry.license === null)).toHaveLength(4);
    expect(result.entries.every((entry) => entry.stars !== null && entry.lastPushAt !== null)).toBe(true);
    expect(result.entries.every((entry) => entry.openIssues === null && entry.forks === null)).toBe(true);
    for (const entry of result.entries) {
      expect(entry.beginnerIssues).toBe(
        entry.issues.filter((issue) => isBeginnerFriendly(issue.labels)).length,
      );
      for (const issue of entry.issues) {
        expect(issue.url.toLowerCase().startsWith(`https://github.com/${entry.repoExt.toLowerCase()}/`)).toBe(
          true,
        );
      }
    }
    expect(result.entries.reduce((sum, entry) => sum + (entry.beginnerIssues ?? 0), 0)).toBe(222);
  });
});

describe.skipIf(!exists)('the goodfirstissue repositories.toml (real data)', async () => {
  const result = exists
    ? await parseCatalogPath(`${dataDir}goodfirstissue/repositories.toml`)
    : { format: 'repositories-toml', entries: [], skipped: [] };

  it('reads all 830 entries, each a distinct GitHub repository', () => {
    expect(result.format).toBe('repositories-toml');
    expect(result.entries.length + result.skipped.length).toBe(830);
    expect(result.entries).toHaveLength(830);
    expect(result.skipped).toEqual([]);
    expect(new Set(result.entries.map((entry) => entry.repoExt.toLowerCase())).size).toBe(830);
    expectWellFormed(result.entries);
  });

  it('keeps the order and the case of the file', () => {
    expect(result.entries[0]).toMatchObject({ repoExt: '4paradigm/OpenMLDB', source: 'repositories.toml#1' });
    expect(result.entries[13]?.repoExt).toBe('alibaba/Sentinel');
    expect(result.entries[829]).toMatchObject({ repoExt: 'zulip/zulip', source: 'repositories.toml#830' });
    expect(result.entries.every((entry) => entry.stars === null && entry.topics.length === 0)).toBe(true);
  });
});

describe.skipIf(!exists)('the folders of the real catalogues', () => {
  it('read as the catalogue file each holds', async () => {
    const forGoodFirstIssue = await parseCatalogPath(`${dataDir}forgoodfirstissue`);
    expect(forGoodFirstIssue.format).toBe('generated-json');
    expect(forGoodFirstIssue.entries).toHaveLength(97);
    const goodFirstIssue = await parseCatalogPath(`${dataDir}goodfirstissue`);
    expect(goodFirstIssue.format).toBe('repositories-toml');
    expect(goodFirstIssue.entries).toHaveLength(830);
  });
});
