import {
  GROUP_NEEDS_MAX,
  canonicalTopic,
  type GroupNeedsInput,
  normaliseDiscordInvite as discordInvite,
  normaliseRepository as repository,
  normaliseTopics as topics,
  type Normalised,
} from '@openlfg/contracts';
import { badRequest } from '../platform/http/errors.js';

/**
 * What a posted group's free-form fields are stored as. The rules and their words are the contracts' own
 * (`group-input.ts`), which the posting form applies too: a value one side accepts the other accepts.
 */
function storedOrRefused<T>(result: Normalised<T>): T {
  if (!result.ok) throw badRequest(result.message);
  return result.value;
}

/** Topics as the catalogue stores them: lowercase with hyphens, repeats dropped, 1 to 5. */
export const normaliseGroupTopics = (values: readonly string[]) => storedOrRefused(topics(values));
/** Only Discord invites, as `https://discord.gg/CODE`. */
export const normaliseDiscordInvite = (value: string | null | undefined) =>
  storedOrRefused(discordInvite(value));
/** A GitHub repository as `owner/name`. */
export const normaliseRepository = (value: string | null | undefined) => storedOrRefused(repository(value));

export function requireText(value: string, field: string): string {
  const text = value.trim();
  if (!text) throw badRequest(`The ${field} cannot be blank.`);
  return text;
}

/** Free text that may be left out: trimmed, and blank is none. */
export function optionalText(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

/**
 * What a group needs, as stored: skills under their canonical topic names (repeats dropped), a timezone window
 * whose both ends are set (or neither: any timezone), running east from the first end (across the date line
 * when the second is west of it), hours a week.
 */
export function normaliseGroupNeeds(needs: GroupNeedsInput) {
  const skills: string[] = [];
  for (const raw of needs.skills) {
    const skill = canonicalTopic(raw);
    if (skill === null)
      throw badRequest(`"${raw.trim()}" is not a skill: use a topic name such as "typescript".`);
    if (!skills.includes(skill)) skills.push(skill);
  }
  if (skills.length > GROUP_NEEDS_MAX) throw badRequest(`A group can need up to ${GROUP_NEEDS_MAX} skills.`);
  const { timezoneFrom: from, timezoneTo: to } = needs;
  if ((from === null) !== (to === null)) {
    throw badRequest('Give both ends of the timezone window, or neither for any timezone (body.needs).');
  }
  return {
    needs_skills: skills,
    timezone_from: from,
    timezone_to: to,
    hours_per_week: needs.hoursPerWeek,
  };
}
