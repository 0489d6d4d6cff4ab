import { TOPIC_PATTERN } from '@openlfg/contracts';
import { parseGitHubRepo } from '../catalog/sources/index.js';
import { badRequest } from '../platform/http/errors.js';

const topicPattern = new RegExp(TOPIC_PATTERN);

/**
 * Topics as the catalogue stores them: lowercase, spaces and underscores as hyphens, repeats dropped.
 * Anything that still is not a topic is refused by name.
 */
export function normaliseGroupTopics(topics: readonly string[]): string[] {
  const result: string[] = [];
  for (const raw of topics) {
    const topic = raw
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .replace(/-+/g, '-');
    if (!topicPattern.test(topic)) {
      throw badRequest(
        `"${raw.trim()}" is not a topic: use letters, digits and hyphens (up to 50), such as "web-dev".`,
      );
    }
    if (!result.includes(topic)) result.push(topic);
  }
  return result;
}

/** Only Discord invites: discord.gg/CODE, discord.com/invite/CODE (and the older discordapp.com). */
export function normaliseDiscordInvite(value: string | null | undefined): string | null {
  const input = value?.trim();
  if (!input) return null;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw badRequest('The Discord link must be an invite link, such as https://discord.gg/abc123.');
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const invite =
    host === 'discord.gg'
      ? /^\/([A-Za-z0-9-]{2,32})\/?$/.exec(url.pathname)
      : host === 'discord.com' || host === 'discordapp.com'
        ? /^\/invite\/([A-Za-z0-9-]{2,32})\/?$/.exec(url.pathname)
        : null;
  if (url.protocol !== 'https:' || !invite) {
    throw badRequest('The Discord link must be an invite link, such as https://discord.gg/abc123.');
  }
  return `https://discord.gg/${invite[1]}`;
}

export function normaliseRepository(value: string | null | undefined): string | null {
  const input = value?.trim();
  if (!input) return null;
  const repo = parseGitHubRepo(input);
  if (!repo)
    throw badRequest('The repository must be a GitHub repository, such as https://github.com/owner/name.');
  return repo.repoExt;
}

export function requireText(value: string, field: string): string {
  const text = value.trim();
  if (!text) throw badRequest(`The ${field} cannot be blank.`);
  return text;
}
