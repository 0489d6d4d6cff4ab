import {
  INACTIVE_MEMBER_DAYS,
  type GroupProject,
  type GroupStatus,
  type GroupViewer,
} from '@openlfg/contracts';
import { formatRelativeTime, type Clock } from '../../lib/format';

/**
 * "edited 2 hours ago" once its owner edited the group; null before. Against `clock` (a server-rendered page's,
 * `useRenderClock`), else the browser's.
 */
export function editedText({ editedAt }: Pick<GroupProject, 'editedAt'>, clock?: Clock): string | null {
  return editedAt ? `edited ${formatRelativeTime(editedAt, clock?.now, clock?.timeZone)}` : null;
}

/** The site's and its link previews' words for a group's members ("3 of 5 members"). */
export { memberCountText } from '@openlfg/contracts';

export function visibilityText(visibility: GroupProject['visibility']): string {
  return visibility === 'private' ? 'Private' : 'Public';
}

export const STATUS_TEXT: Record<GroupStatus, string> = {
  open: 'Open',
  full: 'Full',
  closed: 'Closed',
  archived: 'Archived',
};

/** What a status means for the people who meet the group, as the page says it. */
export const STATUS_MEANING: Record<GroupStatus, string> = {
  open: 'New members can join.',
  full: 'It has as many members as it takes, and reopens when one leaves.',
  closed: 'Nobody new can join or ask to; members still talk on the board.',
  archived: 'Nobody can join, and the board is read-only.',
};

/**
 * The group's status as the viewer meets it: the server's word for them when it has one (a group closed to
 * them), else the group's own; older answers without one are open.
 */
export function statusOf(
  group: Pick<GroupProject, 'status'>,
  viewer?: Pick<GroupViewer, 'status'>,
): GroupStatus {
  return viewer?.status ?? group.status ?? 'open';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A member's last activity as the owner sees it: "active 3 days ago", or flagged "Inactive 34 days" from
 * INACTIVE_MEMBER_DAYS on. Against `clock` (a server-rendered page's, `useRenderClock`), else the browser's.
 */
export function activityText(
  lastActiveAt: string,
  clock: Clock = { now: new Date(), timeZone: undefined },
): { text: string; inactive: boolean } {
  const days = Math.floor((clock.now.getTime() - Date.parse(lastActiveAt)) / DAY_MS);
  return days >= INACTIVE_MEMBER_DAYS
    ? { text: `Inactive ${days} days`, inactive: true }
    : { text: `active ${formatRelativeTime(lastActiveAt, clock.now, clock.timeZone)}`, inactive: false };
}
