/**
 * What applying a delivery came to: the issues it changed (and of them, those stored for the first time, for
 * alerts), or nothing OpenLFG follows.
 */
export type Applied = { kind: 'applied'; issueIds: number[]; newIssueIds: number[] } | { kind: 'ignored' };

export const IGNORED: Applied = { kind: 'ignored' };

/** An issue as a delivery stored it: its id, and whether the delivery stored it for the first time. */
export interface StoredIssue {
  id: number;
  isNew: boolean;
}

export const applied = (issues: (StoredIssue | number | null)[] = []): Applied => {
  const stored = issues
    .filter((issue) => issue !== null)
    .map((issue) => (typeof issue === 'number' ? { id: issue, isNew: false } : issue));
  return {
    kind: 'applied',
    issueIds: [...new Set(stored.map((issue) => issue.id))],
    newIssueIds: [...new Set(stored.filter((issue) => issue.isNew).map((issue) => issue.id))],
  };
};
