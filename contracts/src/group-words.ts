/**
 * Words about a group that the site and its link previews say alike (plain functions, no TypeBox: the web
 * bundle takes them).
 */

/** "1 member", "3 members", or "3 of 5 members" when the group has a maximum. */
export function memberCountText({
  memberCount,
  maxMembers,
}: {
  memberCount: number;
  maxMembers: number | null;
}): string {
  if (maxMembers !== null) return `${memberCount} of ${maxMembers} members`;
  return `${memberCount} ${memberCount === 1 ? 'member' : 'members'}`;
}
