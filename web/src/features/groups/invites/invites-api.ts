import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from '../api/query-keys';

export function getGroupInvitesQueryOptions(groupProjectId: number) {
  return queryOptions({
    queryKey: [...getGroupsQueryKey(), 'invites', groupProjectId] as const,
    queryFn: () => callApi('groupInvites', { query: { groupProjectId } }),
  });
}

/** The active invite links of a group its owner is looking at. */
export function useGroupInvites(groupProjectId: number) {
  return useQuery(getGroupInvitesQueryOptions(groupProjectId));
}

/** Creates a link (7 days; at most `maxUses` uses when given) or revokes one; the list refreshes after either. */
export function useInviteChanges(groupProjectId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: getGroupInvitesQueryOptions(groupProjectId).queryKey });
  const create = useMutation({
    mutationFn: (maxUses: number | null) => callApi('createInvite', { body: { groupProjectId, maxUses } }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (inviteId: number) => callApi('revokeInvite', { body: { groupProjectId, inviteId } }),
    onSuccess: refresh,
  });
  return { create, revoke };
}

/**
 * The group a link names, for a visitor not signed in: its title, or the server's refusal (an expired or
 * revoked link says so before anyone signs in).
 */
export function useInvitePreview(token: string, enabled: boolean) {
  return useQuery({
    queryKey: [...getGroupsQueryKey(), 'invite-preview', token] as const,
    queryFn: ({ signal }) => callApi('invitePreview', { query: { token } }, { signal }),
    enabled,
    retry: false,
  });
}

/** Joins the group an invite link names; everything cached about groups refreshes after. */
export function useJoinByInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi('joinByInvite', { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() }),
  });
}

/** The address to share for a link's token. */
export function inviteUrl(token: string, origin = window.location.origin): string {
  return `${origin}/invite/${token}`;
}
