import { isBeginnerFriendly } from './beginner-labels.js';
import {
  bareEntry,
  isRecord,
  kindOf,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  normaliseTopics,
  quote,
  readCount,
  readDate,
  readText,
  shortMessage,
} from './fields.js';
import { parseGitHubRepo, type GitHubRepo } from './github-repo-url.js';
import type { CatalogEntry, CatalogIssue, ParseResult, SkippedEntry } from './types.js';

/**
 * The forgoodfirstissue catalogue (github/forgoodfirstissue, `generated.json`):
 * `{ repositories: [{ owner, name, description, url, stars, license, last_modified, language: {id, display},
 * topics: [{id, display}], issues: [{ number, title, url, comments_count, created_at, labels: [{id, display}]
 * }] }] }`.
 *
 * The file lists only some open issues of each repository, so `openIssues` stays null and `beginnerIssues`
 * counts the listed issues that carry a beginner label. Its `name` is the repository's, not a display name,
 * so `name` stays null. An issue without a usable number, title, GitHub URL or creation date is left out
 * of its entry and reported as skipped ('generated.json#12 issue 3').
 */

export const MAX_ISSUE_TITLE_LENGTH = 300;
const MAX_LABEL_LENGTH = 100;
const MAX_LICENSE_LENGTH = 100;
const MAX_LANGUAGE_LENGTH = 50;
export const MAX_ISSUES_PER_ENTRY = 1000;

/** `{ id, display }` objects (or plain strings): the display text, else the id. */
function displayOf(value: unknown, max: number): string | null {
  if (typeof value === 'string') return readText(value, max);
  if (!isRecord(value)) return null;
  return readText(value.display, max) ?? readText(value.id, max);
}

function readLabels(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const labels = new Set<string>();
  for (const item of value) {
    const label = displayOf(item, MAX_LABEL_LENGTH);
    if (label !== null) labels.add(label);
  }
  return [...labels];
}

/** An issue URL is linked from the site: only an https URL on github.com will do. */
function readIssueUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== 'github.com' || url.username || url.password) return null;
  return url.href;
}

function readIssue(value: unknown): CatalogIssue | string {
  if (!isRecord(value)) return `expected an object, found ${kindOf(value)}`;
  const number = readCount(value.number);
  if (number === null || number === 0) return `missing or invalid number: ${quote(value.number)}`;
  const title = readText(value.title, MAX_ISSUE_TITLE_LENGTH);
  if (title === null) return 'missing title';
  const url = readIssueUrl(value.url);
  if (url === null) return `missing or invalid url (an https://github.com/ address): ${quote(value.url)}`;
  const createdAt = readDate(value.created_at);
  if (createdAt === null) return `missing or invalid created_at: ${quote(value.created_at)}`;
  return {
    number,
    title,
    url,
    // An issue whose comment count is missing is still worth listing; it is shown as not yet discussed.
    comments: readCount(value.comments_count) ?? 0,
    createdAt,
    labels: readLabels(value.labels),
  };
}

/**
 * The repository from `owner` and `name`, checked against `url`: a url that names no GitHub repository
 * means the project lives elsewhere, whatever owner and name say.
 */
function readRepository(value: Record<string, unknown>): GitHubRepo | string {
  const url = typeof value.url === 'string' && value.url.trim() !== '' ? value.url : null;
  const fromUrl = url === null ? null : parseGitHubRepo(url);
  if (url !== null && fromUrl === null) return `not a GitHub repository: ${quote(url)}`;
  const fromNames =
    typeof value.owner === 'string' && typeof value.name === 'string'
      ? parseGitHubRepo(`${value.owner.trim()}/${value.name.trim()}`)
      : null;
  const repo = fromNames ?? fromUrl;
  if (repo !== null) return repo;
  if (value.owner === undefined && value.name === undefined) return 'missing owner, name and url';
  return `not a GitHub repository: owner ${quote(value.owner)}, name ${quote(value.name)}`;
}

/**
 * Parses the text of a generated.json file. Sources read `<sourceName>#<n>`, n counting repositories from 1.
 * A file that is not JSON, or has no `repositories` list, gives one skipped record for the whole file.
 */
export function parseGeneratedJson(text: string, sourceName = 'generated.json'): ParseResult {
  const result: ParseResult = { entries: [], skipped: [] };
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    result.skipped.push({ source: sourceName, reason: `invalid JSON: ${shortMessage(error)}` });
    return result;
  }
  if (!isRecord(data) || !Array.isArray(data.repositories)) {
    result.skipped.push({ source: sourceName, reason: 'no "repositories" list at the top level' });
    return result;
  }

  data.repositories.forEach((item: unknown, index) => {
    const source = `${sourceName}#${index + 1}`;
    if (!isRecord(item)) {
      result.skipped.push({ source, reason: `expected an object, found ${kindOf(item)}` });
      return;
    }
    const repo = readRepository(item);
    if (typeof repo === 'string') {
      result.skipped.push({ source, reason: repo });
      return;
    }

    const issues: CatalogIssue[] = [];
    const issueSkips: SkippedEntry[] = [];
    const seen = new Set<number>();
    const rawIssues: unknown[] = Array.isArray(item.issues) ? item.issues : [];
    if (rawIssues.length > MAX_ISSUES_PER_ENTRY) {
      issueSkips.push({
        source: `${source} issues`,
        reason: `${rawIssues.length} issues listed: only the first ${MAX_ISSUES_PER_ENTRY} are kept`,
      });
    }
    rawIssues.slice(0, MAX_ISSUES_PER_ENTRY).forEach((rawIssue, issueIndex) => {
      const issue = readIssue(rawIssue);
      const issueSource = `${source} issue ${issueIndex + 1}`;
      if (typeof issue === 'string') issueSkips.push({ source: issueSource, reason: issue });
      else if (seen.has(issue.number)) {
        issueSkips.push({ source: issueSource, reason: `duplicate of issue #${issue.number}` });
      } else {
        seen.add(issue.number);
        issues.push(issue);
      }
    });

    const entry: CatalogEntry = {
      ...bareEntry(repo.repoExt, source),
      description: readText(item.description, MAX_DESCRIPTION_LENGTH),
      topics: Array.isArray(item.topics)
        ? normaliseTopics(item.topics.map((topic: unknown) => displayOf(topic, MAX_NAME_LENGTH)))
        : [],
      language: displayOf(item.language, MAX_LANGUAGE_LENGTH),
      stars: readCount(item.stars),
      license: readText(item.license, MAX_LICENSE_LENGTH),
      lastPushAt: readDate(item.last_modified),
      beginnerIssues: issues.filter((issue) => isBeginnerFriendly(issue.labels)).length,
      issues,
    };
    result.entries.push(entry);
    result.skipped.push(...issueSkips);
  });
  return result;
}
