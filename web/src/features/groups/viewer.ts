import type { GroupPermissions, GroupProject, GroupViewer } from '@openlfg/contracts';

/**
 * What the page offers the viewer: what the server says they may do, or, for nobody signed in, what it says
 * signing in would let them do (those buttons ask them to sign in first).
 */
export function offersTo(viewer: GroupViewer): GroupPermissions {
  return viewer.role === 'anonymous' && viewer.mayOnceSignedIn ? viewer.mayOnceSignedIn : viewer.may;
}

/** The group has as many members as it takes: said in place of Join, which the server no longer offers. */
export function isFull({ memberCount, maxMembers }: Pick<GroupProject, 'memberCount' | 'maxMembers'>) {
  return maxMembers !== null && memberCount >= maxMembers;
}
