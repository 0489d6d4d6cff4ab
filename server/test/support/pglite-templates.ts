import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { PGliteDialect } from '../../src/platform/db/pglite-dialect.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';

/** Where the templates are, for createTestDatabase() in the test files (support/database.ts). */
export interface PGliteTemplates {
  /** A new cluster, as initdb leaves it: for the tests of the migrations themselves. */
  blank: string;
  /** The same after every migration. */
  migrated: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: PGliteTemplates;
  }
}

/**
 * The server:pglite project's global setup: one PGlite cluster made and migrated once per run, dumped to
 * tarballs that each test file's database starts from. A new in-memory PGlite spends seconds in initdb; one
 * loaded from a tarball opens in well under one. It is made anew at each run, from the migrations of the
 * checkout, so a changed migration is always in it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'openlfg-pglite-templates-'));
  const templates: PGliteTemplates = {
    blank: path.join(folder, 'blank.tar'),
    migrated: path.join(folder, 'migrated.tar'),
  };
  // The extensions openPGlite loads (platform/db/database.ts), which the migrations create.
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const db = new Kysely({ dialect: new PGliteDialect(pglite) });
  try {
    await dump(pglite, templates.blank);
    await migrateToLatest(db);
    await dump(pglite, templates.migrated);
  } finally {
    await db.destroy();
  }
  project.provide('pgliteTemplates', templates);
  return () => rm(folder, { recursive: true, force: true });
}

async function dump(pglite: PGlite, file: string): Promise<void> {
  // Uncompressed: gunzipping 40 MB in every test file would cost more than reading it.
  const tarball = await pglite.dumpDataDir('none');
  await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
}
