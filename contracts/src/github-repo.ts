/**
 * Recognises a GitHub repository in the forms catalogues write it: `owner/name`, `github.com/owner/name`,
 * http(s) URLs (with or without www, a trailing `.git` or slash, a sub-path, a query or a fragment), git and
 * ssh remotes (`git@github.com:owner/name.git`, `ssh://git@github.com/owner/name.git`, `git+https://...`).
 * Anything else (another host, a user or organisation page, a GitHub feature page) is not a repository.
 * The catalogue import reads sources with it, and both the server and the posting form read a group's repository
 * with it; plain code, no TypeBox, so the web bundle can take it.
 */

export interface GitHubRepo {
  owner: string;
  name: string;
  /** `owner/name` with the case as given. */
  repoExt: string;
}

/** GitHub logins: 1-39 alphanumerics or single hyphens, neither first nor last. */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** Repository names: 1-100 of letters, digits, '.', '_' and '-' (but not '.' or '..'). */
const REPO_NAME = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * First path segments that are GitHub's own pages, never a user or organisation
 * (github.com/orgs/x/y, github.com/sponsors/x, github.com/topics/x, github.com/issues?q=...).
 */
export const RESERVED_OWNERS: ReadonlySet<string> = new Set([
  'about',
  'account',
  'admin',
  'api',
  'apps',
  'blog',
  'business',
  'codespaces',
  'collections',
  'contact',
  'copilot',
  'customer-stories',
  'dashboard',
  'discussions',
  'education',
  'enterprise',
  'enterprises',
  'events',
  'explore',
  'features',
  'gist',
  'gists',
  'home',
  'issues',
  'join',
  'login',
  'logout',
  'marketplace',
  'mobile',
  'models',
  'new',
  'nonprofit',
  'notifications',
  'open-source',
  'organizations',
  'orgs',
  'partners',
  'pricing',
  'pulls',
  'readme',
  'resources',
  'search',
  'security',
  'sessions',
  'settings',
  'signup',
  'site',
  'solutions',
  'sponsors',
  'stars',
  'status',
  'team',
  'teams',
  'topics',
  'trending',
  'users',
  'watching',
]);

/** Longer inputs are not repository references; bounding them keeps the regular expressions cheap. */
const MAX_INPUT_LENGTH = 2048;

/** `git@github.com:owner/name(.git)`: the scp-like syntax of ssh remotes. */
const SCP_REMOTE = /^git@github\.com:(.*)$/i;
/** A github.com URL with an optional scheme (and `git@` for ssh), www allowed: captures what follows. */
const GITHUB_URL =
  /^(?:(?:https?|git|ssh|git\+https|git\+ssh):\/\/(?:git@)?)?(?:www\.)?github\.com(?:([/?#])(.*))?$/i;
/** The bare form: exactly `owner/name`, an optional trailing slash. */
const BARE = /^([^/\s]+)\/([^/\s]+?)\/?$/;

function fromSegments(owner: string | undefined, rawName: string | undefined): GitHubRepo | null {
  if (owner === undefined || rawName === undefined) return null;
  const name = rawName.toLowerCase().endsWith('.git') ? rawName.slice(0, -4) : rawName;
  if (!OWNER.test(owner) || RESERVED_OWNERS.has(owner.toLowerCase())) return null;
  if (!REPO_NAME.test(name) || name === '.' || name === '..') return null;
  return { owner, name, repoExt: `${owner}/${name}` };
}

/** The repository named by `input`, or null when it names none. */
export function parseGitHubRepo(input: string): GitHubRepo | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_INPUT_LENGTH) return null;
  // Whitespace or control characters inside a reference mean it is something else (a sentence, a list).
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return null;

  let path: string;
  const scp = SCP_REMOTE.exec(text);
  const url = scp ? null : GITHUB_URL.exec(text);
  if (scp) {
    path = scp[1] ?? '';
  } else if (url) {
    // Only a path names a repository: `github.com?x` or `github.com#x` has none.
    if (url[1] !== '/') return null;
    path = url[2] ?? '';
  } else {
    if (text.includes(':')) return null; // another scheme or host:port
    const bare = BARE.exec(text);
    return bare ? fromSegments(bare[1], bare[2]) : null;
  }

  const end = path.search(/[?#]/);
  const pathOnly = end === -1 ? path : path.slice(0, end);
  const segments = pathOnly.split('/');
  return fromSegments(segments[0], segments[1]);
}

/** The key that identifies a repository whatever its case (GitHub names are case-insensitive). */
export function repoKey(repoExt: string): string {
  return repoExt.toLowerCase();
}
