import type { OptionalReasonBody } from '@openlfg/contracts';

/** The body of a moderation action: the reason when one was given, `{}` otherwise (the API refuses ""). */
export function withReason(reason: string | undefined): OptionalReasonBody {
  const text = reason?.trim();
  return text ? { reason: text } : {};
}
