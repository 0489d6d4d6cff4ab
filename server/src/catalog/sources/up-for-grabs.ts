import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import {
  bareEntry,
  isRecord,
  kindOf,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  normaliseTopics,
  quote,
  readCount,
  readText,
  shortMessage,
} from './fields.js';
import { parseGitHubRepo } from './github-repo-url.js';
import type { CatalogEntry, ParseResult, SkippedEntry } from './types.js';

/**
 * The up-for-grabs catalogue (up-for-grabs/up-for-grabs.net, `_data/projects/*.yml`): one YAML file per
 * project with name, desc, site, tags, upforgrabs {name, link} and stats {issue-count, last-updated,
 * fork-count}.
 *
 * The repository comes from `upforgrabs.link` (usually the repository's issues filtered by the label), or
 * from `site` when the link names no GitHub repository but the site does. `stats.issue-count` counts the
 * open issues carrying the up-for-grabs label, so it becomes `beginnerIssues` (the total of open issues is
 * unknown: `openIssues` stays null). `stats.last-updated` is when such an issue last changed, not a push to
 * the repository, so `lastPushAt` stays null rather than claim activity the source does not report.
 */

/** A project file is a few hundred bytes; anything this large is not one. */
export const MAX_UP_FOR_GRABS_FILE_BYTES = 1024 * 1024;

export const YAML_FILE = /\.ya?ml$/i;

export function upForGrabsSource(fileName: string): string {
  return `up-for-grabs:${fileName}`;
}

type FileResult = { entry: CatalogEntry; skipped?: undefined } | { entry?: undefined; skipped: SkippedEntry };

function describeYamlRoot(value: unknown): string {
  if (value === null || value === undefined) return 'empty file';
  return `expected a YAML mapping at the top level, found ${kindOf(value)}`;
}

function parseFile(fileName: string, text: string): FileResult {
  const source = upForGrabsSource(fileName);
  const skip = (reason: string): FileResult => ({ skipped: { source, reason } });

  let data: unknown;
  try {
    const document = parseDocument(text, { uniqueKeys: true });
    const error = document.errors[0];
    if (error) return skip(`invalid YAML: ${shortMessage(error)}`);
    data = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return skip(`invalid YAML: ${shortMessage(error)}`);
  }
  if (!isRecord(data)) return skip(describeYamlRoot(data));

  const upforgrabs = isRecord(data.upforgrabs) ? data.upforgrabs : null;
  const link = upforgrabs !== null && typeof upforgrabs.link === 'string' ? upforgrabs.link.trim() : '';
  const site = typeof data.site === 'string' ? data.site.trim() : '';
  const repo = (link && parseGitHubRepo(link)) || (site && parseGitHubRepo(site)) || null;
  if (repo === null) {
    return skip(link ? `not a GitHub repository: ${quote(link)}` : 'missing upforgrabs.link');
  }

  const stats = isRecord(data.stats) ? data.stats : {};
  return {
    entry: {
      ...bareEntry(repo.repoExt, source),
      name: readText(data.name, MAX_NAME_LENGTH),
      description: readText(data.desc, MAX_DESCRIPTION_LENGTH),
      topics: Array.isArray(data.tags) ? normaliseTopics(data.tags) : [],
      forks: readCount(stats['fork-count']),
      beginnerIssues: readCount(stats['issue-count']),
      issueLabel: upforgrabs === null ? null : readText(upforgrabs.name, MAX_NAME_LENGTH),
    },
  };
}

/** One project file: an entry, or one skipped record saying why not. */
export function parseUpForGrabsFile(fileName: string, text: string): ParseResult {
  const result = parseFile(fileName, text);
  return result.entry ? { entries: [result.entry], skipped: [] } : { entries: [], skipped: [result.skipped] };
}

/**
 * Every `*.yml` and `*.yaml` file of a `projects/` folder, in name order. A file that cannot be read is
 * skipped with the reason; a folder that cannot be listed throws.
 */
export async function parseUpForGrabsFolder(dir: string): Promise<ParseResult> {
  let dirents;
  try {
    dirents = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw new Error(`Cannot read the up-for-grabs folder ${dir}: ${shortMessage(error)}`, { cause: error });
  }
  const fileNames = dirents
    .filter((dirent) => (dirent.isFile() || dirent.isSymbolicLink()) && YAML_FILE.test(dirent.name))
    .map((dirent) => dirent.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  const result: ParseResult = { entries: [], skipped: [] };
  for (const fileName of fileNames) {
    const filePath = path.join(dir, fileName);
    let text: string;
    try {
      const info = await stat(filePath);
      if (!info.isFile()) continue; // a symbolic link to a folder
      if (info.size > MAX_UP_FOR_GRABS_FILE_BYTES) {
        result.skipped.push({
          source: upForGrabsSource(fileName),
          reason: `file too large: ${info.size} bytes (a project file is at most ${MAX_UP_FOR_GRABS_FILE_BYTES})`,
        });
        continue;
      }
      text = await readFile(filePath, 'utf8');
    } catch (error) {
      result.skipped.push({
        source: upForGrabsSource(fileName),
        reason: `unreadable: ${shortMessage(error)}`,
      });
      continue;
    }
    const parsed = parseFile(fileName, text);
    if (parsed.entry) result.entries.push(parsed.entry);
    else result.skipped.push(parsed.skipped);
  }
  return result;
}
