/** Everything the group feature caches sits under this prefix, so a membership change can refresh it all. */
export function getGroupsQueryKey() {
  return ['groups'] as const;
}
