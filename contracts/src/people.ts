/**
 * People and matching: the limits of a profile and of a group's needs, and the plain rules both sides share
 * (a timezone's offset, the overlap of a group's window with someone's day, the words of a match's reasons).
 * Plain values and functions, no TypeBox: the web bundle takes them cheaply and agrees with the server.
 */
import { LANGUAGE_TOPICS, MARKUP_LANGUAGE_TOPICS } from './topics.js';

/** Skills a user adds themselves, and skills a group needs: topic names. */
export const PROFILE_SKILLS_MAX = 20;
export const GROUP_NEEDS_MAX = 10;
export const PROFILE_PITCH_MAX = 280;
export const PROFILE_LEARNING_MAX = 300;
export const HOURS_PER_WEEK_MAX = 80;
/** UTC offsets in minutes, as the world's timezones range. */
export const UTC_OFFSET_MIN = -720;
export const UTC_OFFSET_MAX = 840;
/** Someone's day, for overlaps: 09:00 to 18:00 where they live. */
export const DAY_START_HOUR = 9;
export const DAY_HOURS = 9;
/** "People for your group" shows at most this many. */
export const PEOPLE_FOR_GROUP_MAX = 20;
/** An owner invites at most this many people a day (all their groups together). */
export const PERSON_INVITES_PER_DAY = 20;

/** Who sees a profile beyond its GitHub fields. */
export const PROFILE_VISIBILITIES = [
  { value: 'signed-in', label: 'Signed-in users' },
  { value: 'requested-groups', label: 'Only owners of groups I ask to join' },
] as const;

/** The UTC offset (minutes) of an IANA timezone now, or null when the name is not one. */
export function utcOffsetMinutes(timeZone: string, at: Date = new Date()): number | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(
      at,
    );
    const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
    const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
    if (!match) return null;
    if (!match[1]) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return null;
  }
}

/** "UTC+1", "UTC-5:30", "UTC". */
export function formatUtcOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** Minutes in a whole turn of the clock: offsets a day apart (UTC+14 and UTC-10) are the same hours of the day. */
export const CLOCK_MINUTES = 24 * 60;

/** The minutes from offset `from` east to offset `to` round the clock: 0 up to CLOCK_MINUTES - 1. */
function eastward(from: number, to: number): number {
  return (((to - from) % CLOCK_MINUTES) + CLOCK_MINUTES) % CLOCK_MINUTES;
}

/**
 * A window whose eastern end is west of its first: it runs east across the date line (UTC+10 to UTC-8 is the
 * Pacific, UTC+10, +11, +12, then -11, -10, -9, -8), not west across the whole world.
 */
export function windowWraps(from: number, to: number): boolean {
  return to < from;
}

/** How far a window reaches east from its first end (minutes); a window of CLOCK_MINUTES or more is every offset. */
export function windowSpanMinutes(from: number, to: number): number {
  return windowWraps(from, to) ? eastward(from, to) : to - from;
}

/**
 * How far an offset is from a window's nearer end, round the clock (0 inside it): UTC+14 is an hour from UTC-11,
 * whatever the date on each side.
 */
export function windowDistanceMinutes(offset: number, from: number, to: number): number {
  const past = eastward(from, offset);
  const span = windowSpanMinutes(from, to);
  if (past <= span) return 0;
  return Math.min(past - span, CLOCK_MINUTES - past);
}

/** "UTC-1 to UTC+3", "UTC+10 to UTC-8 (across the date line)", or "Any timezone". */
export function formatTimezoneWindow(from: number | null, to: number | null): string {
  if (from === null || to === null) return 'Any timezone';
  if (from === to) return formatUtcOffset(from);
  const across = windowWraps(from, to) ? ' (across the date line)' : '';
  return `${formatUtcOffset(from)} to ${formatUtcOffset(to)}${across}`;
}

/**
 * Minutes of someone's day (DAY_HOURS from DAY_START_HOUR) that fall in the day of the nearest offset of a
 * group's window: the whole day inside the window, less the distance to its nearer end outside it. Offsets are
 * on a clock, not a line: a window may run east across the date line (`windowWraps`), and a day that crosses
 * midnight in UTC (UTC+14's is 19:00 to 04:00) overlaps the days a whole turn away. The same formula as the
 * ranking's SQL (server/src/platform/db/match-score.ts). A window of null is any timezone: the whole day.
 */
export function overlapMinutes(offset: number, from: number | null, to: number | null): number {
  if (from === null || to === null) return DAY_HOURS * 60;
  return Math.max(0, DAY_HOURS * 60 - windowDistanceMinutes(offset, from, to));
}

/** "5 h", "4.5 h". */
export function formatHours(minutes: number): string {
  const hours = Math.round(minutes / 30) / 2;
  return `${hours} h`;
}

/** A skill as people read it: a language's own name ("typescript" is TypeScript), else the topic name. */
export function skillName(topic: string): string {
  return Object.hasOwn(LANGUAGE_TOPICS, topic)
    ? (LANGUAGE_TOPICS[topic] as string)
    : Object.hasOwn(MARKUP_LANGUAGE_TOPICS, topic)
      ? (MARKUP_LANGUAGE_TOPICS[topic] as string)
      : topic;
}

/** "TypeScript", "TypeScript and Rust", "TypeScript, Rust and Go". */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What the ranking found, both ways: the skills in common, the overlap, the hours, the last activity. */
export interface MatchFacts {
  matchedSkills: readonly string[];
  /** Minutes of the person's day in the group's window; null when the person set no timezone. */
  overlapMinutes: number | null;
  /** The group is open to any timezone. */
  anyTimezone: boolean;
  groupHours: number | null;
  personHours: number | null;
  /** When the group (groups for you) or the person (people for a group) was last active. */
  activeAt: Date;
}

const DAY_MS = 86_400_000;

function activity(activeAt: Date, now: Date): string | null {
  const days = (now.getTime() - activeAt.getTime()) / DAY_MS;
  if (days < 1) return 'active today';
  if (days < 7) return 'active this week';
  return null;
}

/** Why a group suits the viewer: "needs TypeScript, which you use", "overlaps 5 h with your day", ... */
export function groupReasons(facts: MatchFacts, now: Date = new Date()): string[] {
  const reasons: string[] = [];
  if (facts.matchedSkills.length > 0) {
    reasons.push(`needs ${listed(facts.matchedSkills.map(skillName))}, which you use`);
  }
  if (facts.anyTimezone) reasons.push('open to any timezone');
  else if (facts.overlapMinutes !== null && facts.overlapMinutes > 0) {
    reasons.push(`overlaps ${formatHours(facts.overlapMinutes)} with your day`);
  }
  if (facts.groupHours !== null && facts.personHours !== null && facts.personHours >= facts.groupHours) {
    reasons.push(`asks ${facts.groupHours} h a week, you have ${facts.personHours}`);
  }
  const active = activity(facts.activeAt, now);
  if (active) reasons.push(active);
  return reasons;
}

/** Why a person suits the group: "uses TypeScript, which your group needs", "overlaps 9 h with their day", ... */
export function personReasons(facts: MatchFacts, now: Date = new Date()): string[] {
  const reasons: string[] = [];
  if (facts.matchedSkills.length > 0) {
    reasons.push(`uses ${listed(facts.matchedSkills.map(skillName))}, which your group needs`);
  }
  if (!facts.anyTimezone && facts.overlapMinutes !== null && facts.overlapMinutes > 0) {
    reasons.push(`your window overlaps ${formatHours(facts.overlapMinutes)} with their day`);
  }
  if (facts.groupHours !== null && facts.personHours !== null && facts.personHours >= facts.groupHours) {
    reasons.push(`has ${facts.personHours} h a week, you ask ${facts.groupHours}`);
  }
  const active = activity(facts.activeAt, now);
  if (active) reasons.push(active);
  return reasons;
}

/** The UTC offsets a form offers (minutes): every whole hour, and the half and three-quarter hours in use. */
export const UTC_OFFSET_CHOICES: readonly number[] = [
  ...Array.from({ length: 27 }, (_, i) => (i - 12) * 60),
  -570,
  -210,
  210,
  270,
  330,
  345,
  390,
  570,
  630,
  765,
].sort((a, b) => a - b);
