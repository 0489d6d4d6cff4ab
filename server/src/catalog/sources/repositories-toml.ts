import { parse } from 'smol-toml';
import { bareEntry, kindOf, quote, shortMessage } from './fields.js';
import { parseGitHubRepo } from './github-repo-url.js';
import type { ParseResult } from './types.js';

/**
 * The goodfirstissue catalogue (DeepSourceCorp/good-first-issue, `repositories.toml`):
 * `repositories = [ 'github.com/owner/name', ... ]`. It names repositories and nothing else, so every other
 * field of an entry is unknown. Sources read `<sourceName>#<n>`, n counting from 1.
 */
export function parseRepositoriesToml(text: string, sourceName = 'repositories.toml'): ParseResult {
  const result: ParseResult = { entries: [], skipped: [] };
  let data: Record<string, unknown>;
  try {
    data = parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    result.skipped.push({ source: sourceName, reason: `invalid TOML: ${shortMessage(error)}` });
    return result;
  }
  const list = data.repositories;
  if (!Array.isArray(list)) {
    result.skipped.push({ source: sourceName, reason: 'no "repositories" list at the top level' });
    return result;
  }
  list.forEach((item: unknown, index) => {
    const source = `${sourceName}#${index + 1}`;
    if (typeof item !== 'string') {
      result.skipped.push({ source, reason: `expected a string, found ${kindOf(item)}: ${quote(item)}` });
      return;
    }
    const repo = parseGitHubRepo(item);
    if (repo === null) result.skipped.push({ source, reason: `not a GitHub repository: ${quote(item)}` });
    else result.entries.push(bareEntry(repo.repoExt, source));
  });
  return result;
}
