/** What applying a delivery came to: the issues it changed, or nothing OpenLFG follows. */
export type Applied = { kind: 'applied'; issueIds: number[] } | { kind: 'ignored' };

export const IGNORED: Applied = { kind: 'ignored' };

export const applied = (issueIds: (number | null)[] = []): Applied => ({
  kind: 'applied',
  issueIds: [...new Set(issueIds.filter((id): id is number => id !== null))],
});
