import { BEGINNER_LABELS } from '@openlfg/contracts';

/** The beginner labels live in contracts: the web's finder offers them as its label filter. */
export { BEGINNER_LABELS };

const beginnerLabelSet: ReadonlySet<string> = new Set(BEGINNER_LABELS);

/** True when one of the labels is a beginner label, ignoring case and surrounding whitespace. */
export function isBeginnerFriendly(labels: readonly string[]): boolean {
  return labels.some((label) => beginnerLabelSet.has(label.trim().toLowerCase()));
}
