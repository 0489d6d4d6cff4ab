import type { GroupProject } from '@openlfg/contracts';
import { formatRelativeTime } from '../../lib/format';

/** "edited 2 hours ago" once its owner edited the group; null before. */
export function editedText({ editedAt }: Pick<GroupProject, 'editedAt'>): string | null {
  return editedAt ? `edited ${formatRelativeTime(editedAt)}` : null;
}

/** The site's and its link previews' words for a group's members ("3 of 5 members"). */
export { memberCountText } from '@openlfg/contracts';

export function visibilityText(visibility: GroupProject['visibility']): string {
  return visibility === 'private' ? 'Private' : 'Public';
}
