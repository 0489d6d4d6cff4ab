import type { GroupProject } from '@openlfg/contracts';
import { formatRelativeTime } from '../../lib/format';

/** "edited 2 hours ago" once its owner edited the group; null before. */
export function editedText({ editedAt }: Pick<GroupProject, 'editedAt'>): string | null {
  return editedAt ? `edited ${formatRelativeTime(editedAt)}` : null;
}

/** "1 member", "3 members", or "3 of 5 members" when the group has a maximum. */
export function memberCountText({
  memberCount,
  maxMembers,
}: Pick<GroupProject, 'memberCount' | 'maxMembers'>) {
  if (maxMembers !== null) return `${memberCount} of ${maxMembers} members`;
  return `${memberCount} ${memberCount === 1 ? 'member' : 'members'}`;
}

export function visibilityText(visibility: GroupProject['visibility']): string {
  return visibility === 'private' ? 'Private' : 'Public';
}
