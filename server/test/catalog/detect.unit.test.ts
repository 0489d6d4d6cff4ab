import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeDuplicates, parseCatalogPath } from '../../src/catalog/sources/detect.js';
import { bareEntry } from '../../src/catalog/sources/fields.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixture = (name: string) => path.join(fixtures, name);

describe('parseCatalogPath', () => {
  it('reads a folder holding projects/ as up-for-grabs, merging the same repository in another case', async () => {
    const result = await parseCatalogPath(fixture('up-for-grabs'));
    expect(result.format).toBe('up-for-grabs');
    expect(result.entries.map((entry) => entry.repoExt)).toEqual([
      'org-search/core',
      'Sample-Org/Sample.App',
      'wrong/types',
    ]);
    expect(result.skipped).toHaveLength(5);
    expect(result.skipped.at(-1)).toEqual({
      source: 'up-for-grabs:zz-sample-app-again.yaml',
      reason: 'duplicate of up-for-grabs:sample-app.yml',
    });
  });

  it('reads the projects/ folder itself the same way', async () => {
    const direct = await parseCatalogPath(fixture('up-for-grabs/projects'));
    expect(direct).toEqual(await parseCatalogPath(fixture('up-for-grabs')));
  });

  it('reads a .json file as generated.json', async () => {
    const result = await parseCatalogPath(fixture('generated.json'));
    expect(result.format).toBe('generated-json');
    expect(result.entries.map((entry) => entry.source)).toEqual(['generated.json#1', 'generated.json#2']);
    expect(result.skipped).toHaveLength(4);
  });

  it('reads a .toml file as repositories.toml and merges duplicates', async () => {
    const result = await parseCatalogPath(fixture('repositories.toml'));
    expect(result.format).toBe('repositories-toml');
    expect(result.entries.map((entry) => entry.repoExt)).toEqual(['Example-Org/widget', 'second/repo']);
    expect(result.skipped).toContainEqual({
      source: 'repositories.toml#5',
      reason: 'duplicate of repositories.toml#1',
    });
    expect(result.skipped).toHaveLength(3);
  });

  it('reads anything else as a plain list named after the file', async () => {
    const result = await parseCatalogPath(fixture('list.txt'));
    expect(result.format).toBe('plain-list');
    expect(result.entries.map((entry) => entry.source)).toEqual([
      'list.txt:line 3',
      'list.txt:line 4',
      'list.txt:line 5',
    ]);
    expect(result.skipped).toContainEqual({
      source: 'list.txt:line 10',
      reason: 'duplicate of list.txt:line 3',
    });
  });

  it('reads a single .yml file as one up-for-grabs project', async () => {
    const result = await parseCatalogPath(fixture('up-for-grabs/projects/sample-app.yml'));
    expect(result.format).toBe('up-for-grabs');
    expect(result.entries.map((entry) => entry.repoExt)).toEqual(['Sample-Org/Sample.App']);
  });

  describe('with scratch files', () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'openlfg-detect-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    it('finds _data/projects/ as in the up-for-grabs.net repository', async () => {
      const root = path.join(scratch, 'site');
      mkdirSync(path.join(root, '_data', 'projects'), { recursive: true });
      writeFileSync(
        path.join(root, '_data', 'projects', 'p.yml'),
        'upforgrabs:\n  link: https://github.com/p/q\n',
      );
      const result = await parseCatalogPath(root);
      expect(result.entries.map((entry) => entry.repoExt)).toEqual(['p/q']);
    });

    it('reads a folder holding a generated.json or a repositories.toml as that file', async () => {
      for (const file of ['generated.json', 'repositories.toml']) {
        const folder = path.join(scratch, `holds-${file}`);
        mkdirSync(folder);
        copyFileSync(fixture(file), path.join(folder, file));
        writeFileSync(path.join(folder, 'LICENSE'), 'MIT');
        expect(await parseCatalogPath(folder)).toEqual(await parseCatalogPath(fixture(file)));
      }
    });

    it('refuses a folder holding no catalogue, saying what it expected, instead of reading no projects', async () => {
      const folder = path.join(scratch, 'no-catalogue');
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'README.md'), '# not a catalogue');
      await expect(parseCatalogPath(folder)).rejects.toThrow(
        `No catalogue in the folder ${folder}: expected a generated.json, a repositories.toml, ` +
          'up-for-grabs project files (*.yml) or a projects/ folder of them',
      );
    });

    it('refuses an empty projects/ folder', async () => {
      const folder = path.join(scratch, 'empty-site');
      mkdirSync(path.join(folder, 'projects'), { recursive: true });
      await expect(parseCatalogPath(folder)).rejects.toThrow(
        `No up-for-grabs project files (*.yml) in ${path.join(folder, 'projects')}`,
      );
    });

    it('refuses a folder holding both catalogue files, asking for the one to import', async () => {
      const folder = path.join(scratch, 'both');
      mkdirSync(folder);
      copyFileSync(fixture('generated.json'), path.join(folder, 'generated.json'));
      copyFileSync(fixture('repositories.toml'), path.join(folder, 'repositories.toml'));
      await expect(parseCatalogPath(folder)).rejects.toThrow(
        `${folder} holds both generated.json and repositories.toml: give the path of the one to import`,
      );
    });

    it('throws a clear error for a path that does not exist', async () => {
      const missing = path.join(scratch, 'nope.json');
      await expect(parseCatalogPath(missing)).rejects.toThrow(
        `Cannot read the catalogue ${missing}: ENOENT: no such file or directory`,
      );
    });

    it('throws a clear error for a path under a file', async () => {
      const file = path.join(scratch, 'plain.txt');
      writeFileSync(file, 'a/b\n');
      await expect(parseCatalogPath(path.join(file, 'inside.txt'))).rejects.toThrow(
        /^Cannot read the catalogue .*plain\.txt\/inside\.txt: ENOTDIR/,
      );
    });
  });
});

describe('mergeDuplicates', () => {
  it('keeps the first entry of each repository, whatever the case, and keeps earlier skips first', () => {
    const merged = mergeDuplicates({
      entries: [
        bareEntry('A/b', 's1'),
        bareEntry('c/d', 's2'),
        bareEntry('a/B', 's3'),
        bareEntry('a/b', 's4'),
      ],
      skipped: [{ source: 's0', reason: 'bad' }],
    });
    expect(merged.entries.map((entry) => entry.source)).toEqual(['s1', 's2']);
    expect(merged.skipped).toEqual([
      { source: 's0', reason: 'bad' },
      { source: 's3', reason: 'duplicate of s1' },
      { source: 's4', reason: 'duplicate of s1' },
    ]);
  });
});
