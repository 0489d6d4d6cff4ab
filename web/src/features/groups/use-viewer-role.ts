import type { GroupRole } from '@openlfg/contracts';
import { useSession } from '../../session/session-context';
import { useMyGroups } from './api/get-my-groups';
import { useMyRequests } from './api/get-my-requests';

/** What the viewer is to a group on a list: 'anonymous', 'loading' while their groups load, or their role. */
export type ListViewerRole = GroupRole | 'anonymous' | 'loading';

/** The viewer's role from their groups (member, owner) and pending requests; a failed load counts as none. */
export function useViewerRole(groupProjectId: number): ListViewerRole {
  const { isLoggedIn, isLoginLoading } = useSession();
  const myGroups = useMyGroups();
  const myRequests = useMyRequests();
  if (isLoginLoading) return 'loading';
  if (!isLoggedIn) return 'anonymous';
  if (myGroups.isPending || myRequests.isPending) return 'loading';
  const mine = myGroups.data?.data.find((group) => group.groupProjectId === groupProjectId);
  if (mine) return mine.role;
  if (myRequests.data?.data.some((request) => request.groupProjectId === groupProjectId)) return 'requester';
  return 'none';
}
