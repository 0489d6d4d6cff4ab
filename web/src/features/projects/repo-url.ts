import { REPO_EXT_PATTERN } from '@openlfg/contracts';

const repoExtPattern = new RegExp(REPO_EXT_PATTERN);
/** `https://github.com/owner/name`, `github.com/owner/name` or `owner/name`; a trailing slash or `.git` is fine. */
const REPOSITORY_INPUT =
  /^(?:(?:https?:\/\/)?(?:www\.)?github\.com\/)?([^/\s]+)\/([^/\s?#]+?)(?:\.git)?\/?$/i;

export const EMPTY_URL_MESSAGE = 'Enter the address of a GitHub repository.';
export const BAD_URL_MESSAGE =
  'That does not look like a GitHub repository. Use https://github.com/owner/name.';

export type RepositoryInput =
  { ok: true; projectUrl: string; repoExt: string } | { ok: false; message: string };

/**
 * A first check of what the user typed, before asking the server (which has the last word): the canonical
 * https://github.com/owner/name address, or what is wrong with the input.
 */
export function parseRepositoryInput(input: string): RepositoryInput {
  const value = input.trim();
  if (value === '') return { ok: false, message: EMPTY_URL_MESSAGE };
  const match = REPOSITORY_INPUT.exec(value);
  const repoExt = match ? `${match[1]}/${match[2]}` : '';
  if (!repoExtPattern.test(repoExt)) return { ok: false, message: BAD_URL_MESSAGE };
  return { ok: true, repoExt, projectUrl: `https://github.com/${repoExt}` };
}
