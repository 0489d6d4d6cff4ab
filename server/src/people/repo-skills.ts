import { canonicalTopic, canonicalTopics, type PublicRepo } from '@openlfg/contracts';

/** How many languages and topics of a user's repositories a profile names. */
export const PROFILE_LANGUAGES = 5;
export const PROFILE_TOPICS = 10;

/** Most frequent first, ties alphabetical. */
function byCount(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

/**
 * What a user's public repositories say they work with: their languages as GitHub names them, their topics
 * under canonical names, and both as the topic names matching compares ("TypeScript" is typescript).
 */
export function repoSkillsOf(repos: readonly PublicRepo[]) {
  const languages = byCount(repos.flatMap((repo) => (repo.language ? [repo.language] : []))).slice(
    0,
    PROFILE_LANGUAGES,
  );
  const topics = byCount(repos.flatMap((repo) => canonicalTopics(repo.topics ?? []))).slice(
    0,
    PROFILE_TOPICS,
  );
  const skills = new Set<string>();
  for (const language of languages) {
    const topic = canonicalTopic(language);
    if (topic) skills.add(topic);
  }
  for (const topic of topics) skills.add(topic);
  return { languages, topics, skills: [...skills] };
}
