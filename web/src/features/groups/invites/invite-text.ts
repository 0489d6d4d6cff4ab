import { INVITE_MAX_USES_LIMIT, type GroupInvite } from '@openlfg/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "Expires in 6 days" (hours, then minutes, near the end). */
export function expiryText(expiresAt: string, now: Date = new Date()): string {
  const left = Date.parse(expiresAt) - now.getTime();
  if (!(left > 0)) return 'Expired';
  if (left >= DAY) return `Expires in ${count(Math.floor(left / DAY), 'day')}`;
  if (left >= HOUR) return `Expires in ${count(Math.floor(left / HOUR), 'hour')}`;
  return `Expires in ${count(Math.max(1, Math.floor(left / MINUTE)), 'minute')}`;
}

/** "2 uses left" or "Any number of uses". */
export function usesText(invite: Pick<GroupInvite, 'usesLeft' | 'uses'>): string {
  const used = invite.uses > 0 ? ` (used ${count(invite.uses, 'time')})` : '';
  if (invite.usesLeft === null) return `Any number of uses${used}`;
  return `${count(invite.usesLeft, 'use')} left${used}`;
}

export const USES_MESSAGE = `Uses must be a whole number from 1 to ${INVITE_MAX_USES_LIMIT}, or blank.`;

/** The number of uses typed, null for blank (any number), or undefined when it is not one. */
export function parseUses(typed: string): number | null | undefined {
  const text = typed.trim();
  if (text === '') return null;
  if (!/^\d{1,7}$/.test(text)) return undefined;
  const uses = Number(text);
  return uses >= 1 && uses <= INVITE_MAX_USES_LIMIT ? uses : undefined;
}
