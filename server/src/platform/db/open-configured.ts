import path from 'node:path';
import type { Config } from '../../config.js';
import { openDatabase, openPGlite, type Database } from './database.js';

/**
 * The database the configuration names: a PostgreSQL server when DATABASE_URL is set, else PGlite on disk,
 * locked for this process (a DataDirInUseError names the process holding it).
 */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : openPGlite(embeddedDataDir(config), { folderName: dataDirName(config) });
}

export function embeddedDataDir(config: Config): string {
  return path.join(config.dataDir, 'pgdata');
}

/**
 * DATA_DIR the way an operator writes it, for messages: relative to the working folder when inside it
 * (`./.data`), else the absolute path.
 */
export function dataDirName(config: Config): string {
  const relative = path.relative(process.cwd(), config.dataDir);
  if (relative === '') return '.';
  const outside = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return outside ? config.dataDir : `./${relative}`;
}

export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `embedded PostgreSQL (PGlite) in ${embeddedDataDir(config)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
