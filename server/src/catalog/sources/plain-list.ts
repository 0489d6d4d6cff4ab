import { bareEntry, quote } from './fields.js';
import { parseGitHubRepo } from './github-repo-url.js';
import type { ParseResult } from './types.js';

/**
 * A plain text list: one `owner/name` or GitHub URL per line. Blank lines and lines starting with `#` are
 * ignored, as is a comment after whitespace (`owner/name  # why`). Sources read `<sourceName>:line <n>`.
 */
export function parsePlainList(text: string, sourceName = 'list'): ParseResult {
  const result: ParseResult = { entries: [], skipped: [] };
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((rawLine, index) => {
      const line = rawLine.replace(/\s#.*$/, '').trim();
      if (line.length === 0 || line.startsWith('#')) return;
      const source = `${sourceName}:line ${index + 1}`;
      const repo = parseGitHubRepo(line);
      if (repo === null) result.skipped.push({ source, reason: `not a GitHub repository: ${quote(line)}` });
      else result.entries.push(bareEntry(repo.repoExt, source));
    });
  return result;
}
