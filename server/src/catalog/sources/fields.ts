/**
 * Field validation shared by the parsers. Every reader takes `unknown` (parsed JSON, YAML or TOML) and
 * returns null when the value has the wrong type or shape: a bad optional field is dropped, never guessed.
 */

import { canonicalTopics } from '@openlfg/contracts';
import type { CatalogEntry } from './types.js';

export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_NAME_LENGTH = 100;
export const MAX_TOPICS = 20;
/** Reasons quote the offending value; long values are cut so a reason stays one readable line. */
const MAX_QUOTED_LENGTH = 200;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Cuts to at most `max` characters (code points, so a surrogate pair is never split). */
function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * A single line of text: control characters dropped, whitespace runs (newlines of folded YAML included)
 * collapsed to one space, trimmed, cut to `max` characters; null when not a string or empty.
 */
export function readText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length === 0 ? null : truncate(text, max);
}

/** A count: a finite non-negative integer, else null (a string such as "12" is not a number here). */
export function readCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A point in time: an ISO 8601 date or date-time string (or a Date a parser made) that names a real day,
 * else null. A date-time without an offset is read as UTC, whatever the machine's time zone.
 */
export function readDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, time, zone] = match;
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > daysInMonth) return null;
  const iso =
    time === undefined ? `${year}-${month}-${day}` : `${year}-${month}-${day}T${time}${zone ?? 'Z'}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Topics by their canonical names (contracts' topics.ts), repeats dropped in order, at most 20. */
export function normaliseTopics(values: readonly unknown[]): string[] {
  return canonicalTopics(values, MAX_TOPICS);
}

/** What a value is, for a reason: 'a list', 'text', 'a number', 'null'... */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/**
 * A value quoted for a reason, cut when long: a plain string as it is, anything else (or a string with
 * line breaks or control characters) JSON-encoded so the reason stays one line.
 */
export function quote(value: unknown): string {
  // eslint-disable-next-line no-control-regex
  if (typeof value === 'string' && !/[\u0000-\u001f\u007f]/.test(value.trim())) {
    return truncate(value.trim(), MAX_QUOTED_LENGTH);
  }
  return truncate(JSON.stringify(value) ?? String(value), MAX_QUOTED_LENGTH);
}

/**
 * The first line of a parser's error message, cut to a readable length (without the colon that introduces
 * the source excerpt some parsers print after it).
 */
export function shortMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n').find((line) => line.trim().length > 0) ?? 'unknown error';
  return truncate(firstLine.trim().replace(/:$/, ''), MAX_QUOTED_LENGTH);
}

/** An entry that knows only its repository: every other field unknown. */
export function bareEntry(repoExt: string, source: string): CatalogEntry {
  return {
    repoExt,
    name: null,
    description: null,
    topics: [],
    language: null,
    stars: null,
    forks: null,
    license: null,
    lastPushAt: null,
    openIssues: null,
    beginnerIssues: null,
    issueLabel: null,
    issues: [],
    source,
  };
}
