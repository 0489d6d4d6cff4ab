/**
 * The patterns the contract's schemas hold strings to. Apart from constants.ts, whose values ship with the web's
 * first visit: only the schemas (the server, the posting form's check) and lazily loaded pages use these.
 */

/**
 * Text people type (titles, descriptions, reasons, messages, filters): anything but control characters, tab and
 * newline excepted. PostgreSQL refuses U+0000 in text, and no other control character belongs in what a person
 * writes or a page shows.
 */
export const TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F]*$';

/** `owner/name` as GitHub allows them. */
export const REPO_EXT_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}/[A-Za-z0-9._-]{1,100}$';

/** GitHub's rules for a login: 1 to 39 letters, digits or single hyphens, not starting or ending with one. */
export const GITHUB_LOGIN_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$';
