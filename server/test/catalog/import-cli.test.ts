import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migratedDataDir } from '../support/database.js';

/**
 * `npm run catalog:import` as an operator runs it: a real process on an embedded database in DATA_DIR. The
 * writes themselves, on every tier's database, are in write.test.ts.
 */
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const sharedData = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const hasSharedData = existsSync(sharedData);
if (!hasSharedData) console.warn(`Skipping the import of the real catalogues: ${sharedData} is not here.`);

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** One of the commands in src/cli, run from sources, with its output (stdout and stderr, as printed). */
function runCommand(command: string, dataDir: string, args: string[]) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(serverDir, `src/cli/${command}.ts`), ...args],
    { cwd: serverDir, env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test' } },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

describe('every command', () => {
  it.each([
    ['catalog-import', 'Usage: npm run catalog:import -- <path> [<path> ...]'],
    ['catalog-sync', 'Usage: npm run catalog:sync'],
    ['migrate', 'Usage: npm run db:migrate'],
  ])(
    '%s answers --help with its usage, touching no database',
    async (command, usage) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'openlfg-help-'));
      const result = await runCommand(command, dataDir, ['--help']);
      expect(result.code).toBe(0);
      expect(result.output.startsWith(`${usage}\n`)).toBe(true);
      expect(readdirSync(dataDir)).toEqual([]);

      const unknown = await runCommand(command, dataDir, ['--dry-run']);
      expect(unknown.code).toBe(2);
      expect(unknown.output).toContain("Unknown option '--dry-run'");
      expect(unknown.output).toContain(usage);
      expect(readdirSync(dataDir)).toEqual([]);
    },
    60_000,
  );
});

describe('npm run catalog:import', () => {
  const runImport = (dataDir: string, paths: string[]) => runCommand('catalog-import', dataDir, paths);

  it('imports the fixtures, reports what it skipped and why, and is idempotent', async () => {
    const dataDir = await migratedDataDir('openlfg-import-');
    const folder = path.join(fixtures, 'up-for-grabs/projects');
    const first = await runImport(dataDir, [folder]);
    expect(first.code).toBe(0);
    expect(first.output).toMatch(/up-for-grabs, \d+ entries, \d+ skipped/);
    expect(first.output).toMatch(/added \d+, updated 0, skipped \d+/);
    expect(first.output).toMatch(/skipped up-for-grabs:gitlab-project\.yml: not a GitHub repository/);
    const second = await runImport(dataDir, [folder]);
    expect(second.output).toMatch(/added 0, updated \d+/);
  }, 120_000);

  it('imports the catalogue file a folder holds, and refuses a folder holding none', async () => {
    const dataDir = await migratedDataDir('openlfg-import-');
    const folder = mkdtempSync(path.join(tmpdir(), 'openlfg-catalogue-'));
    copyFileSync(path.join(fixtures, 'generated.json'), path.join(folder, 'generated.json'));
    const imported = await runImport(dataDir, [folder]);
    expect(imported.code).toBe(0);
    expect(imported.output).toContain(`${folder}: generated-json, 2 entries, 4 skipped`);

    const empty = mkdtempSync(path.join(tmpdir(), 'openlfg-catalogue-'));
    const refused = await runImport(dataDir, [empty]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `${empty}: No catalogue in the folder ${empty}: expected a generated.json`,
    );
    expect(refused.output).not.toContain('0 entries');
  }, 60_000);

  it('says what is wrong with a path it cannot read, and exits non-zero', async () => {
    const result = await runImport(await migratedDataDir('openlfg-import-'), ['/no/such/catalogue.toml']);
    expect(result.code).toBe(1);
    expect(result.output).toContain('/no/such/catalogue.toml');
  }, 120_000);

  it.skipIf(!hasSharedData)(
    'imports all of the real catalogues cleanly',
    async () => {
      const dataDir = await migratedDataDir('openlfg-import-');
      const result = await runImport(dataDir, [
        path.join(sharedData, 'up-for-grabs/projects'),
        path.join(sharedData, 'forgoodfirstissue/generated.json'),
        path.join(sharedData, 'goodfirstissue/repositories.toml'),
      ]);
      expect(result.code).toBe(0);
      expect(result.output).toContain('up-for-grabs, 1087 entries, 42 skipped');
      expect(result.output).toContain('added 1087, updated 0, skipped 42');
      expect(result.output).toContain('generated-json, 97 entries, 0 skipped');
      expect(result.output).toContain('repositories-toml, 830 entries, 0 skipped');
      // Every skip names its reason.
      const skips = result.output.split('\n').filter((line) => line.trim().startsWith('skipped '));
      expect(skips).toHaveLength(42);
      expect(skips.every((line) => /: (not a GitHub repository: |duplicate of )/.test(line))).toBe(true);
    },
    120_000,
  );
});
