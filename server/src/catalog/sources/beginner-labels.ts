/**
 * The issue labels treated as beginner friendly: the nine of the goodfirstissue catalogue
 * (DeepSourceCorp/good-first-issue, labels.json).
 */
export const BEGINNER_LABELS: readonly string[] = Object.freeze([
  'good first issue',
  'good-first-issue',
  'beginner',
  'beginner-friendly',
  'easy',
  'first-timers-only',
  'starter',
  'help wanted',
  'low-hanging-fruit',
]);

const beginnerLabelSet: ReadonlySet<string> = new Set(BEGINNER_LABELS);

/** True when one of the labels is a beginner label, ignoring case and surrounding whitespace. */
export function isBeginnerFriendly(labels: readonly string[]): boolean {
  return labels.some((label) => beginnerLabelSet.has(label.trim().toLowerCase()));
}
