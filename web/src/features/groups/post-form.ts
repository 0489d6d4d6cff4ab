import {
  GROUP_DESCRIPTION_MAX,
  GROUP_INPUT_MESSAGES,
  GROUP_MAX_MEMBERS_LIMIT,
  GROUP_TITLE_MAX,
  JOIN_QUESTION_MAX,
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
  };
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
] as const satisfies readonly (keyof PostGroupBody)[];

/**
 * The form's resolver: the request the values make must pass the contract's own schema (`PostGroupBody`, as the
 * server's route checks it) and the contract's normalisers (as the server applies them), so the form accepts
 * exactly what the server does. A refusal is said in the form's words, on the field it concerns.
 */
export const postFormResolver: Resolver<PostFormValues, unknown, PostGroupBody> = (values) => {
  const request = toRequest(values);
  const check = checkAgainstContract(request);
  const messages: Partial<Record<CheckedField, string>> = {};
  if (!check.valid) {
    for (const field of REQUEST_FIELDS) {
      const keyword = check.failures[field];
      if (keyword !== undefined) messages[FIELD_OF[field]] = SCHEMA_MESSAGES[field](keyword);
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
