import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { shortMessage } from './fields.js';
import { parseGeneratedJson } from './generated-json.js';
import { repoKey } from './github-repo-url.js';
import { parsePlainList } from './plain-list.js';
import { parseRepositoriesToml } from './repositories-toml.js';
import type { CatalogFormat, ParseResult } from './types.js';
import { parseUpForGrabsFile, parseUpForGrabsFolder } from './up-for-grabs.js';

export type DetectedParseResult = ParseResult & { format: CatalogFormat };

/**
 * Keeps the first entry of each repository (compared case-insensitively); each later one becomes a skipped
 * record 'duplicate of <source of the first>'.
 */
export function mergeDuplicates(result: ParseResult): ParseResult {
  const firstSource = new Map<string, string>();
  const entries = [];
  const duplicates = [];
  for (const entry of result.entries) {
    const key = repoKey(entry.repoExt);
    const first = firstSource.get(key);
    if (first === undefined) {
      firstSource.set(key, entry.source);
      entries.push(entry);
    } else {
      duplicates.push({ source: entry.source, reason: `duplicate of ${first}` });
    }
  }
  return { entries, skipped: [...result.skipped, ...duplicates] };
}

/** Folders that hold up-for-grabs project files, tried in order inside the folder given. */
const PROJECT_FOLDERS = ['projects', path.join('_data', 'projects')];

async function isDirectory(candidate: string): Promise<boolean> {
  try {
    return (await stat(candidate)).isDirectory();
  } catch {
    return false;
  }
}

async function parseDirectory(dir: string): Promise<ParseResult> {
  for (const folder of PROJECT_FOLDERS) {
    const candidate = path.join(dir, folder);
    if (await isDirectory(candidate)) return parseUpForGrabsFolder(candidate);
  }
  return parseUpForGrabsFolder(dir);
}

async function parseFile(file: string): Promise<DetectedParseResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the catalogue ${file}: ${shortMessage(error)}`, { cause: error });
  }
  const name = path.basename(file);
  const extension = path.extname(file).toLowerCase();
  if (extension === '.json') return { format: 'generated-json', ...parseGeneratedJson(text, name) };
  if (extension === '.toml') return { format: 'repositories-toml', ...parseRepositoriesToml(text, name) };
  if (extension === '.yml' || extension === '.yaml') {
    return { format: 'up-for-grabs', ...parseUpForGrabsFile(name, text) };
  }
  return { format: 'plain-list', ...parsePlainList(text, name) };
}

/**
 * Parses a catalogue, choosing the format from the path: a folder is an up-for-grabs `projects/` folder
 * (or holds one, as `projects/` or `_data/projects/`), a `.yml`/`.yaml` file one up-for-grabs project,
 * `.json` the generated.json format, `.toml` the repositories.toml format, anything else a plain list.
 * Repeated repositories are merged (see mergeDuplicates). Throws when the path cannot be read.
 */
export async function parseCatalogPath(catalogPath: string): Promise<DetectedParseResult> {
  let isDir: boolean;
  try {
    isDir = (await stat(catalogPath)).isDirectory();
  } catch (error) {
    throw new Error(`Cannot read the catalogue ${catalogPath}: ${shortMessage(error)}`, { cause: error });
  }
  const parsed: DetectedParseResult = isDir
    ? { format: 'up-for-grabs', ...(await parseDirectory(catalogPath)) }
    : await parseFile(catalogPath);
  return { format: parsed.format, ...mergeDuplicates(parsed) };
}
