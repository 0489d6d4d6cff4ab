import {
  GROUP_DESCRIPTION_MAX,
  GROUP_INPUT_MESSAGES,
  GROUP_MAX_MEMBERS_LIMIT,
  GROUP_TITLE_MAX,
  GROUP_NEEDS_MAX,
  HOURS_PER_WEEK_MAX,
  JOIN_QUESTION_MAX,
  normaliseTopic,
  normaliseDiscordInvite,
  normaliseRepository,
  normaliseTopics,
  type GroupProject,
  type PostGroupBody,
  type SkillLevel,
  type Visibility,
} from '@openlfg/contracts';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import type { GroupPostPrefill } from '../../lib/group-post-prefill';
import { checkAgainstContract } from './post-form-check';

/** The posting form's fields as typed; `topicText` is a topic still being typed, not yet a chip. */
export interface PostFormValues {
  title: string;
  description: string;
  pickedRepo: string;
  typedRepo: string;
  topics: string[];
  topicText: string;
  skillLevel: SkillLevel;
  visibility: Visibility;
  discordUrl: string;
  maxMembers: string;
  /** The owner's question to people asking to join; blank is none. */
  joinQuestion: string;
  /** Skills or roles wanted, comma-separated topic names; blank is none. */
  needsSkills: string;
  /** The timezone window's ends as UTC offsets in minutes; both blank is any timezone. */
  timezoneFrom: string;
  timezoneTo: string;
  /** Hours a week expected; blank is none said. */
  needsHours: string;
}

/** The form as react-hook-form holds it: typed values in, the contract's request out. */
export type PostForm = UseFormReturn<PostFormValues, unknown, PostGroupBody>;

export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  description: '',
  pickedRepo: '',
  typedRepo: '',
  topics: [],
  topicText: '',
  skillLevel: 'Any level',
  visibility: 'public',
  discordUrl: '',
  maxMembers: '',
  joinQuestion: '',
  needsSkills: '',
  timezoneFrom: '',
  timezoneTo: '',
  needsHours: '',
};

export const POST_FAILED_MESSAGE = 'Could not post the group, please try again.';
export const EDIT_FAILED_MESSAGE = 'Could not save the changes, please try again.';

/** The form filled with a group as it is, for its owner to edit. */
export function formValuesOf(group: GroupProject, discordUrl: string | null): PostFormValues {
  return {
    ...EMPTY_POST_FORM,
    title: group.title,
    description: group.description,
    typedRepo: group.repoExt ? `https://github.com/${group.repoExt}` : '',
    topics: [...group.topics],
    skillLevel: group.skillLevel,
    visibility: group.visibility,
    discordUrl: discordUrl ?? '',
    maxMembers: group.maxMembers === null ? '' : String(group.maxMembers),
    joinQuestion: group.joinQuestion ?? '',
    needsSkills: group.needs?.skills.join(', ') ?? '',
    timezoneFrom: group.needs?.timezoneFrom == null ? '' : String(group.needs.timezoneFrom),
    timezoneTo: group.needs?.timezoneTo == null ? '' : String(group.needs.timezoneTo),
    needsHours: group.needs?.hoursPerWeek == null ? '' : String(group.needs.hoursPerWeek),
  };
}

/** The form filled as an address asked (a project's "Start a group for this project"). */
export function prefilledValues(prefill: GroupPostPrefill): PostFormValues {
  return {
    ...EMPTY_POST_FORM,
    title: prefill.title,
    typedRepo: prefill.repository ? `https://github.com/${prefill.repository}` : '',
    topics: [...prefill.topics],
  };
}

/** What a change of visibility means, said in the edit form before it is saved. */
export const VISIBILITY_CHANGE_NOTES: Record<Visibility, string> = {
  private:
    'Making the group private: members stay; everyone else sees only its card, must ask to join, and can no longer read its members or discussion.',
  public:
    'Making the group public: members stay; anyone can read its members and discussion and join at once, and people waiting for an answer can join directly.',
};

/** The fields that can be refused, in the order the form shows them (the first refused one takes the focus). */
export const CHECKED_FIELDS = [
  'title',
  'description',
  'typedRepo',
  'topics',
  'skillLevel',
  'maxMembers',
  'visibility',
  'joinQuestion',
  'needsSkills',
  'timezoneFrom',
  'needsHours',
  'discordUrl',
] as const satisfies readonly (keyof PostFormValues)[];
export type CheckedField = (typeof CHECKED_FIELDS)[number];

/** The request the values make: what is checked is exactly what would be sent. */
function toRequest(values: PostFormValues) {
  const typedRepo = values.typedRepo.trim();
  const discordUrl = values.discordUrl.trim();
  const maxMembers = values.maxMembers.trim();
  const joinQuestion = values.joinQuestion.trim();
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    // A typed URL wins over the picked repository.
    repository: typedRepo !== '' ? typedRepo : values.pickedRepo !== '' ? values.pickedRepo : null,
    topics: values.topics,
    skillLevel: values.skillLevel,
    visibility: values.visibility,
    discordUrl: discordUrl === '' ? null : discordUrl,
    // Only digits make a number; anything else goes to the check as typed, and the schema refuses it.
    maxMembers: maxMembers === '' ? null : /^\d+$/.test(maxMembers) ? Number(maxMembers) : maxMembers,
    joinQuestion: joinQuestion === '' ? null : joinQuestion,
    needs: {
      skills: splitSkills(values.needsSkills),
      timezoneFrom: values.timezoneFrom === '' ? null : Number(values.timezoneFrom),
      timezoneTo: values.timezoneTo === '' ? null : Number(values.timezoneTo),
      hoursPerWeek: wholeOrAsTyped(values.needsHours),
    },
  };
}

/** "TypeScript, design" as the list it is; blanks dropped. */
export function splitSkills(text: string): string[] {
  return text
    .split(',')
    .map((skill) => skill.trim())
    .filter((skill) => skill !== '');
}

/** Digits as a number, blank as none, anything else as typed (the schema refuses it). */
function wholeOrAsTyped(text: string): number | string | null {
  const value = text.trim();
  return value === '' ? null : /^\d+$/.test(value) ? Number(value) : value;
}

/** What the group's needs break that the schema cannot say, in the server's sense (groups/input.ts). */
function needsMessages(request: ReturnType<typeof toRequest>): Partial<Record<CheckedField, string>> {
  const messages: Partial<Record<CheckedField, string>> = {};
  const { skills, timezoneFrom: from, timezoneTo: to, hoursPerWeek } = request.needs;
  for (const skill of skills) {
    const topic = normaliseTopic(skill);
    if (!topic.ok) {
      messages.needsSkills = `"${skill}" is not a skill: use a topic name such as "typescript".`;
      break;
    }
  }
  if (skills.length > GROUP_NEEDS_MAX)
    messages.needsSkills ??= `A group can need up to ${GROUP_NEEDS_MAX} skills.`;
  if ((from === null) !== (to === null)) {
    messages.timezoneFrom = 'Choose both ends of the timezone window, or Any timezone for both.';
  }
  if (
    hoursPerWeek !== null &&
    (typeof hoursPerWeek !== 'number' || hoursPerWeek < 1 || hoursPerWeek > HOURS_PER_WEEK_MAX)
  ) {
    messages.needsHours = `Hours a week must be a whole number from 1 to ${HOURS_PER_WEEK_MAX}.`;
  }
  return messages;
}

const textMessage = (keyword: string, blank: string, what: string, max: number) =>
  keyword === 'minLength'
    ? blank
    : keyword === 'maxLength'
      ? `The ${what} can be at most ${max} characters.`
      : `The ${what} must not contain control characters.`;

/** The form's words for a rule of the contract's schema that a request field broke, by the rule's keyword. */
const SCHEMA_MESSAGES: Record<keyof PostGroupBody, (keyword: string) => string> = {
  title: (keyword) => textMessage(keyword, 'Give the group a title.', 'title', GROUP_TITLE_MAX),
  description: (keyword) =>
    textMessage(
      keyword,
      'Say what the project is and who you are looking for.',
      'description',
      GROUP_DESCRIPTION_MAX,
    ),
  repository: () => GROUP_INPUT_MESSAGES.repository,
  topics: (keyword) =>
    keyword === 'maxItems' ? GROUP_INPUT_MESSAGES.tooManyTopics : GROUP_INPUT_MESSAGES.noTopic,
  skillLevel: () => 'Choose a skill level.',
  visibility: () => 'Choose who can join.',
  discordUrl: () => GROUP_INPUT_MESSAGES.discordInvite,
  maxMembers: () => `The maximum must be a whole number from 2 to ${GROUP_MAX_MEMBERS_LIMIT}.`,
  joinQuestion: (keyword) => textMessage(keyword, '', 'question', JOIN_QUESTION_MAX),
  needs: () => 'Check the skills wanted, the timezone window and the hours a week.',
};

/** The form field each request field comes from, where its refusal shows. */
const FIELD_OF: Record<keyof PostGroupBody, CheckedField> = {
  title: 'title',
  description: 'description',
  repository: 'typedRepo',
  topics: 'topics',
  skillLevel: 'skillLevel',
  visibility: 'visibility',
  discordUrl: 'discordUrl',
  maxMembers: 'maxMembers',
  joinQuestion: 'joinQuestion',
  needs: 'needsSkills',
};

const REQUEST_FIELDS = [
  'title',
  'description',
  'repository',
  'topics',
  'skillLevel',
  'visibility',
  'discordUrl',
  'maxMembers',
  'joinQuestion',
  'needs',
] as const satisfies readonly (keyof PostGroupBody)[];

/**
 * The form's resolver: the request the values make must pass the contract's own schema (`PostGroupBody`, as the
 * server's route checks it) and the contract's normalisers (as the server applies them), so the form accepts
 * exactly what the server does. A refusal is said in the form's words, on the field it concerns.
 */
export const postFormResolver: Resolver<PostFormValues, unknown, PostGroupBody> = (values) => {
  const request = toRequest(values);
  const check = checkAgainstContract(request);
  // The needs' own words first: they say more than the schema's one sentence for the whole block.
  const messages: Partial<Record<CheckedField, string>> = needsMessages(request);
  if (!check.valid) {
    for (const field of REQUEST_FIELDS) {
      const keyword = check.failures[field];
      if (keyword !== undefined) messages[FIELD_OF[field]] ??= SCHEMA_MESSAGES[field](keyword);
    }
  }
  // What the schema cannot say, the server's normalisers do: the same functions, the same words.
  for (const [field, result] of [
    ['typedRepo', normaliseRepository(request.repository)],
    ['topics', normaliseTopics(request.topics)],
    ['discordUrl', normaliseDiscordInvite(request.discordUrl)],
  ] as const) {
    if (!result.ok) messages[field] ??= result.message;
  }
  const errors: FieldErrors<PostFormValues> = {};
  for (const field of CHECKED_FIELDS) {
    const message = messages[field];
    if (message !== undefined) errors[field] = { type: 'contract', message };
  }
  if (check.valid && Object.keys(errors).length === 0) return { values: check.body, errors: {} };
  // Invalid without a field to blame (which the form cannot produce): never send it.
  if (Object.keys(errors).length === 0) {
    errors.root = { server: { type: 'contract', message: POST_FAILED_MESSAGE } };
  }
  return { values: {}, errors };
};
