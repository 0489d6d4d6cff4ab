import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { shortMessage } from './fields.js';
import { parseGeneratedJson } from './generated-json.js';
import { repoKey } from './github-repo-url.js';
import { parsePlainList } from './plain-list.js';
import { parseRepositoriesToml } from './repositories-toml.js';
import type { CatalogFormat, ParseResult } from './types.js';
import { parseUpForGrabsFile, parseUpForGrabsFolder, YAML_FILE } from './up-for-grabs.js';

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
/** The catalogue files a folder may hold, as their projects name them. */
const CATALOGUE_FILES = ['generated.json', 'repositories.toml'];

async function isDirectory(candidate: string): Promise<boolean> {
  try {
    return (await stat(candidate)).isDirectory();
  } catch {
    return false;
  }
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    throw new Error(`Cannot read the catalogue ${dir}: ${shortMessage(error)}`, { cause: error });
  }
}

/**
 * A folder is an up-for-grabs folder (its `projects/` or `_data/projects/`, or its own YAML files), or holds
 * one catalogue file. Anything else is refused with what was expected, rather than read as no projects.
 */
async function parseDirectory(dir: string): Promise<DetectedParseResult> {
  for (const folder of PROJECT_FOLDERS) {
    const candidate = path.join(dir, folder);
    if (await isDirectory(candidate)) return parseProjectFolder(candidate);
  }
  const names = await namesIn(dir);
  const files = CATALOGUE_FILES.filter((file) => names.includes(file));
  if (files.length > 1) {
    throw new Error(`${dir} holds both ${files.join(' and ')}: give the path of the one to import`);
  }
  const [file] = files;
  if (file !== undefined) return parseFile(path.join(dir, file));
  if (names.some((name) => YAML_FILE.test(name))) return parseProjectFolder(dir);
  throw new Error(
    `No catalogue in the folder ${dir}: expected a generated.json, a repositories.toml, ` +
      'up-for-grabs project files (*.yml) or a projects/ folder of them',
  );
}

async function parseProjectFolder(dir: string): Promise<DetectedParseResult> {
  const result = await parseUpForGrabsFolder(dir);
  // Every project file gives an entry or a skip: neither means no project files.
  if (result.entries.length === 0 && result.skipped.length === 0) {
    throw new Error(`No up-for-grabs project files (*.yml) in ${dir}`);
  }
  return { format: 'up-for-grabs', ...result };
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
 * (or holds one, as `projects/` or `_data/projects/`) or holds a generated.json or a repositories.toml (see
 * parseDirectory), a `.yml`/`.yaml` file one up-for-grabs project,
 * `.json` the generated.json format, `.toml` the repositories.toml format, anything else a plain list.
 * Repeated repositories are merged (see mergeDuplicates). Throws when the path cannot be read or holds no
 * catalogue.
 */
export async function parseCatalogPath(catalogPath: string): Promise<DetectedParseResult> {
  let isDir: boolean;
  try {
    isDir = (await stat(catalogPath)).isDirectory();
  } catch (error) {
    throw new Error(`Cannot read the catalogue ${catalogPath}: ${shortMessage(error)}`, { cause: error });
  }
  const parsed = isDir ? await parseDirectory(catalogPath) : await parseFile(catalogPath);
  return { format: parsed.format, ...mergeDuplicates(parsed) };
}
