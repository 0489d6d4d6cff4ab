import path from 'node:path';

/**
 * Where the embedded database lives, from DATA_DIR alone. Kept apart from the database code so that `npm start`
 * can check the folder's lock before it builds, without loading PGlite or the configuration's schemas.
 */
export const DEFAULT_DATA_DIR = './.data';

/** The PGlite folder inside DATA_DIR (an absolute DATA_DIR gives an absolute folder). */
export function embeddedFolder(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/**
 * DATA_DIR the way an operator writes it, for messages: relative to the working folder when inside it
 * (`./.data`), else the absolute path.
 */
export function dataDirNameOf(dataDir: string): string {
  const relative = path.relative(process.cwd(), dataDir);
  if (relative === '') return '.';
  const outside = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return outside ? dataDir : `./${relative}`;
}
