import type { Config } from '../../config.js';
import { dataDirNameOf, embeddedFolder } from './data-dir.js';
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
  return embeddedFolder(config.dataDir);
}

/** DATA_DIR the way an operator writes it, for messages (see dataDirNameOf). */
export function dataDirName(config: Config): string {
  return dataDirNameOf(config.dataDir);
}

export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `embedded PostgreSQL (PGlite) in ${embeddedDataDir(config)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
