import {
  HOURS_PER_WEEK_MAX,
  normaliseTopic,
  PROFILE_LEARNING_MAX,
  PROFILE_PITCH_MAX,
  PROFILE_SKILLS_MAX,
  utcOffsetMinutes,
  type OwnProfile,
  type ProfileBody,
  type ProfileVisibility,
} from '@openlfg/contracts';

/** The profile form's fields as typed. */
export interface ProfileFormValues {
  skills: string;
  timezone: string;
  hoursPerWeek: string;
  learning: string;
  lookingForGroup: boolean;
  pitch: string;
  visibleTo: ProfileVisibility;
  showClaims: boolean;
  showMentoring: boolean;
}

export type ProfileField = 'skills' | 'timezone' | 'hoursPerWeek' | 'learning' | 'pitch';
/** The checked fields in the order the form shows them: the first refused one takes the focus. */
export const PROFILE_FIELDS: readonly ProfileField[] = [
  'skills',
  'timezone',
  'hoursPerWeek',
  'learning',
  'pitch',
];

/** The browser's own timezone (an IANA name), suggested when the profile has none. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** The form filled with the profile as it is; a profile without a timezone gets the browser's suggested. */
export function profileFormValues(profile: OwnProfile, suggestedTimezone: string): ProfileFormValues {
  return {
    skills: profile.skills.join(', '),
    timezone: profile.timezone ?? suggestedTimezone,
    hoursPerWeek: profile.hoursPerWeek === null ? '' : String(profile.hoursPerWeek),
    learning: profile.learning ?? '',
    lookingForGroup: profile.lookingForGroup,
    pitch: profile.pitch ?? '',
    visibleTo: profile.visibleTo,
    showClaims: profile.showClaims,
    showMentoring: profile.showMentoring,
  };
}

export type ProfileCheck =
  { ok: true; body: ProfileBody } | { ok: false; errors: Partial<Record<ProfileField, string>> };

/** The request the values make, or what is wrong with them in the server's own sense (profiles-service.ts). */
export function checkProfile(values: ProfileFormValues): ProfileCheck {
  const errors: Partial<Record<ProfileField, string>> = {};
  const skills = values.skills
    .split(',')
    .map((skill) => skill.trim())
    .filter((skill) => skill !== '');
  const badSkill = skills.find((skill) => !normaliseTopic(skill).ok);
  if (badSkill !== undefined)
    errors.skills = `"${badSkill}" is not a skill: use a topic name such as "typescript".`;
  else if (skills.length > PROFILE_SKILLS_MAX) errors.skills = `Add up to ${PROFILE_SKILLS_MAX} skills.`;
  const timezone = values.timezone.trim();
  if (timezone !== '' && utcOffsetMinutes(timezone) === null) {
    errors.timezone = `"${timezone}" is not a timezone: use a name such as Europe/Berlin.`;
  }
  const hoursText = values.hoursPerWeek.trim();
  const hours = hoursText === '' ? null : Number(hoursText);
  if (hours !== null && !(Number.isInteger(hours) && hours >= 1 && hours <= HOURS_PER_WEEK_MAX)) {
    errors.hoursPerWeek = `Hours a week must be a whole number from 1 to ${HOURS_PER_WEEK_MAX}.`;
  }
  if (values.learning.trim().length > PROFILE_LEARNING_MAX) {
    errors.learning = `Say it in at most ${PROFILE_LEARNING_MAX} characters.`;
  }
  if (values.pitch.trim().length > PROFILE_PITCH_MAX) {
    errors.pitch = `Keep the pitch to ${PROFILE_PITCH_MAX} characters.`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      skills,
      timezone: timezone === '' ? null : timezone,
      hoursPerWeek: hours,
      learning: values.learning.trim() || null,
      lookingForGroup: values.lookingForGroup,
      pitch: values.pitch.trim() || null,
      visibleTo: values.visibleTo,
      showClaims: values.showClaims,
      showMentoring: values.showMentoring,
    },
  };
}
