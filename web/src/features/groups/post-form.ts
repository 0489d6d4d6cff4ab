import {
  GROUP_DESCRIPTION_MAX,
  GROUP_MAX_MEMBERS_LIMIT,
  GROUP_TITLE_MAX,
  MIN_GROUP_TOPICS,
  TOPIC_PATTERN,
} from '@openlfg/contracts';

const topicPattern = new RegExp(TOPIC_PATTERN);

/** A topic as the server stores it: lowercase, spaces and underscores as hyphens; null when it cannot be one. */
export function normaliseTopic(raw: string): string | null {
  const topic = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-');
  return topic !== '' && topicPattern.test(topic) ? topic : null;
}

const DISCORD_INVITE =
  /^https:\/\/(?:www\.)?(?:discord\.gg\/[\w-]+|discord(?:app)?\.com\/invite\/[\w-]+)\/?$/i;

export function isDiscordInvite(value: string): boolean {
  return DISCORD_INVITE.test(value.trim());
}

export interface PostFormValues {
  title: string;
  description: string;
  topics: string[];
  discordUrl: string;
  maxMembers: string;
}

export type PostFormErrors = Partial<
  Record<'title' | 'description' | 'topics' | 'discordUrl' | 'maxMembers', string>
>;

/** The form's own checks, before anything is sent; the server checks again. */
export function validatePostForm(values: PostFormValues): PostFormErrors {
  const errors: PostFormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = 'Give the group a title.';
  else if (title.length > GROUP_TITLE_MAX)
    errors.title = `The title can be at most ${GROUP_TITLE_MAX} characters.`;
  const description = values.description.trim();
  if (description === '') errors.description = 'Say what the project is and who you are looking for.';
  else if (description.length > GROUP_DESCRIPTION_MAX)
    errors.description = `The description can be at most ${GROUP_DESCRIPTION_MAX} characters.`;
  if (values.topics.length < MIN_GROUP_TOPICS) errors.topics = 'Add at least one topic.';
  if (values.discordUrl.trim() !== '' && !isDiscordInvite(values.discordUrl))
    errors.discordUrl = 'The Discord link must be an invite link, such as https://discord.gg/abc123.';
  const max = values.maxMembers.trim();
  if (max !== '') {
    const n = Number(max);
    if (!/^\d+$/.test(max) || n < 2 || n > GROUP_MAX_MEMBERS_LIMIT)
      errors.maxMembers = `The maximum must be a whole number from 2 to ${GROUP_MAX_MEMBERS_LIMIT}.`;
  }
  return errors;
}
