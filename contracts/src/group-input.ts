/**
 * How the free-form fields of a posted group become what is stored, and the words of a refusal. The server
 * applies them after the route's schema (`groups/input.ts`) and the posting form before it sends (its resolver),
 * so the two cannot disagree on what is accepted or on how it is said. Plain functions, no TypeBox: the web
 * bundle takes them cheaply.
 */
import { TOPIC_PATTERN } from './constants.js';
import { MAX_GROUP_TOPICS, MIN_GROUP_TOPICS } from './group-constants.js';
import { parseGitHubRepo } from './github-repo.js';
import { canonicalTopic } from './topics.js';

/** A value as it will be stored, or the sentence that says why the input cannot be one. */
export type Normalised<T> = { ok: true; value: T } | { ok: false; message: string };

const accept = <T>(value: T): Normalised<T> => ({ ok: true, value });
const refuse = <T>(message: string): Normalised<T> => ({ ok: false, message });

export const GROUP_INPUT_MESSAGES = {
  noTopic: 'Add at least one topic.',
  tooManyTopics: `A group can have up to ${MAX_GROUP_TOPICS} topics.`,
  discordInvite: 'The Discord link must be an invite link, such as https://discord.gg/abc123.',
  repository: 'The repository must be a GitHub repository, such as https://github.com/owner/name.',
} as const;

export const notATopicMessage = (raw: string) =>
  `"${raw.trim()}" is not a topic: use letters, digits and hyphens (up to 50), such as "web-dev".`;

const topicPattern = new RegExp(TOPIC_PATTERN);

/** A topic as the catalogue stores them: its canonical name (topics.ts), so "React.js" is "react". */
export function normaliseTopic(raw: string): Normalised<string> {
  const topic = canonicalTopic(raw);
  return topic !== null && topicPattern.test(topic) ? accept(topic) : refuse(notATopicMessage(raw));
}

/** `topics` with one more, typed as a person types it; a repeat changes nothing. */
export function addTopic(topics: readonly string[], raw: string): Normalised<string[]> {
  const topic = normaliseTopic(raw);
  if (!topic.ok) return topic;
  if (topics.includes(topic.value)) return accept([...topics]);
  if (topics.length >= MAX_GROUP_TOPICS) return refuse(GROUP_INPUT_MESSAGES.tooManyTopics);
  return accept([...topics, topic.value]);
}

/** A group's topics: each normalised, repeats dropped, at least one and at most five. */
export function normaliseTopics(raws: readonly string[]): Normalised<string[]> {
  let topics: string[] = [];
  for (const raw of raws) {
    const next = addTopic(topics, raw);
    if (!next.ok) return next;
    topics = next.value;
  }
  return topics.length < MIN_GROUP_TOPICS ? refuse(GROUP_INPUT_MESSAGES.noTopic) : accept(topics);
}

/**
 * An invite code. Generated codes are letters and digits; vanity codes (a server's own name) also take hyphens
 * and underscores, which Discord's own client library accepts too (`[\w-]`), so `discord.gg/a_b` is an invite.
 */
const INVITE_CODE = '([A-Za-z0-9_-]{2,32})';
const INVITE_PATH = {
  'discord.gg': new RegExp(`^/${INVITE_CODE}/?$`),
  'discord.com': new RegExp(`^/invite/${INVITE_CODE}/?$`),
  'discordapp.com': new RegExp(`^/invite/${INVITE_CODE}/?$`),
} as const;

/** Only Discord invites, stored as `https://discord.gg/CODE`; blank is none. */
export function normaliseDiscordInvite(value: string | null | undefined): Normalised<string | null> {
  const input = value?.trim();
  if (!input) return accept(null);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refuse(GROUP_INPUT_MESSAGES.discordInvite);
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = Object.hasOwn(INVITE_PATH, host) ? INVITE_PATH[host as keyof typeof INVITE_PATH] : null;
  const code = path?.exec(url.pathname)?.[1];
  if (url.protocol !== 'https:' || !code) return refuse(GROUP_INPUT_MESSAGES.discordInvite);
  return accept(`https://discord.gg/${code}`);
}

/** A GitHub repository (a URL, a remote or `owner/name`), stored as `owner/name`; blank is none. */
export function normaliseRepository(value: string | null | undefined): Normalised<string | null> {
  const input = value?.trim();
  if (!input) return accept(null);
  const repo = parseGitHubRepo(input);
  return repo ? accept(repo.repoExt) : refuse(GROUP_INPUT_MESSAGES.repository);
}
