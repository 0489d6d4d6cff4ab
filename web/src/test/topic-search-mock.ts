import type { TopicCount } from '@openlfg/contracts';
import type { MockHandler } from './api-mock';

/**
 * `GET /api/projects/topic-search` over `topics` as the server answers it: the most used first for nothing
 * typed, else those starting with what was typed, then the canonical names `aliases` gives for it.
 */
export function topicSearchHandler(
  topics: readonly TopicCount[],
  aliases: Readonly<Record<string, string>> = {},
): Record<string, MockHandler> {
  return {
    'GET /api/projects/topic-search': ({ url }) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const q = params.get('q') ?? '';
      const limit = Number(params.get('limit') ?? 20);
      const alias = aliases[q];
      const found = topics.filter((item) => item.topic.startsWith(q) || item.topic === alias);
      return { body: found.slice(0, limit) };
    },
  };
}
