/** Everything the messages feature caches sits under this prefix. */
export function getMessagesQueryKey() {
  return ['messages'] as const;
}
