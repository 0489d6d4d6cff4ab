/** Everything the moderation area caches sits under this prefix. */
export function getModerationQueryKey() {
  return ['moderation'] as const;
}
