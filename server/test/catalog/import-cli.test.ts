import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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

describe('npm run catalog:import', () => {
  function runImport(dataDir: string, paths: string[]) {
    const serverDir = fileURLToPath(new URL('../..', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(serverDir, 'src/cli/catalog-import.ts'), ...paths],
      { cwd: serverDir, env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test' } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<{ code: number | null; output: string }>((resolve) =>
      child.on('exit', (code) => resolve({ code, output })),
    );
  }

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
