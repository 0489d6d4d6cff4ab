import path from 'node:path';
import type { Config } from '../../config.js';
import { openDatabase, type Database } from './database.js';

/** The database the configuration names: a PostgreSQL server when DATABASE_URL is set, else PGlite on disk. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : openDatabase({ kind: 'pglite', dataDir: embeddedDataDir(config) });
}

export function embeddedDataDir(config: Config): string {
  return path.join(config.dataDir, 'pgdata');
}

export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `embedded PostgreSQL (PGlite) in ${embeddedDataDir(config)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
