/**
 * The normalised shapes every catalogue parser produces. A parser never throws on bad data: each entry it
 * cannot use becomes a SkippedEntry with a human-readable reason, and the run goes on.
 */

/** One project found in a catalogue, ready for the importer. */
export interface CatalogEntry {
  /** `owner/name` of the GitHub repository, with the case the source gave. */
  repoExt: string;
  /** Display name when the source has one, else null (the importer falls back to the repository name). */
  name: string | null;
  description: string | null;
  /** Lowercase, trimmed, spaces as '-', deduplicated, at most 20, each 1 to 50 characters. */
  topics: string[];
  language: string | null;
  /** Null when the source does not say (never a made-up 0); likewise forks and the issue counts. */
  stars: number | null;
  forks: number | null;
  license: string | null;
  lastPushAt: Date | null;
  openIssues: number | null;
  beginnerIssues: number | null;
  /** The up-for-grabs label name. */
  issueLabel: string | null;
  /** The issues the source lists (generated.json), else []. */
  issues: CatalogIssue[];
  /**
   * When the source says the project joined it, where a source carries such a date: the project is then new
   * in the catalogue from that date (for NEW_PROJECT_DAYS). Left out, an imported project is not new.
   */
  listedAt?: Date | null;
  /** Where the entry came from: 'up-for-grabs:AnkiDroid.yml', 'generated.json#12', 'list:line 7'... */
  source: string;
}

export interface CatalogIssue {
  number: number;
  title: string;
  url: string;
  comments: number;
  createdAt: Date;
  labels: string[];
}

/**
 * Something the parser could not use: a whole entry (the usual case) or, where the source says so, one
 * issue of an entry that was kept ('generated.json#12 issue 3').
 */
export interface SkippedEntry {
  source: string;
  reason: string;
}

export interface ParseResult {
  entries: CatalogEntry[];
  skipped: SkippedEntry[];
}

export type CatalogFormat = 'up-for-grabs' | 'generated-json' | 'repositories-toml' | 'plain-list';
