import type { GroupListOfMine, GroupListResponse, GroupSummary, SaveGroupResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { toastError } from '../../../lib/error-message';
import { getGroupListsQueryKey } from './get-group-projects';
import { getSavedGroupsQueryOptions } from './get-saved-groups';

export const SAVE_GROUP_FAILED_MESSAGE = 'Could not save the group, please try again.';
export const UNSAVE_GROUP_FAILED_MESSAGE =
  'Could not remove the group from your saved groups, please try again.';

export function saveGroup(projectId: number) {
  return callApi('saveGroup', { body: { projectId } });
}

export function unsaveGroup(projectId: number) {
  return callApi('unsaveGroup', { body: { projectId } });
}

export interface ToggleGroupSaveVariables {
  group: GroupSummary;
  save: boolean;
}

interface ToggleContext {
  savedIndex: number;
}

/** Saves or unsaves a group at once, and puts everything back (with a toast) if the server refuses. */
export function useToggleGroupSave() {
  const queryClient = useQueryClient();
  const savedKey = getSavedGroupsQueryOptions().queryKey;

  return useMutation<SaveGroupResponse, Error, ToggleGroupSaveVariables, ToggleContext>({
    mutationFn: ({ group, save }) =>
      save ? saveGroup(group.groupProjectId) : unsaveGroup(group.groupProjectId),
    onMutate: async ({ group, save }) => {
      await queryClient.cancelQueries({ queryKey: savedKey });
      const savedIndex =
        queryClient
          .getQueryData(savedKey)
          ?.data.findIndex((item) => item.groupProjectId === group.groupProjectId) ?? -1;
      const saves = Math.max(0, group.saves + (save ? 1 : -1));
      setSaves(queryClient, group.groupProjectId, saves);
      setSavedMembership(queryClient, { ...group, saves }, save, 0);
      return { savedIndex };
    },
    onError: (error, { group, save }, context) => {
      const current = findGroup(queryClient, group.groupProjectId) ?? group;
      const saves = Math.max(0, current.saves + (save ? -1 : 1));
      setSaves(queryClient, group.groupProjectId, saves);
      setSavedMembership(queryClient, { ...current, saves }, !save, context?.savedIndex ?? 0);
      toastError(error, save ? SAVE_GROUP_FAILED_MESSAGE : UNSAVE_GROUP_FAILED_MESSAGE, {
        clientErrorsOnly: true,
      });
    },
    onSuccess: ({ projectId, saves }) => setSaves(queryClient, projectId, saves),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedKey }),
  });
}

function withSaves(group: GroupSummary, groupProjectId: number, saves: number): GroupSummary {
  return group.groupProjectId === groupProjectId ? { ...group, saves } : group;
}

function setSaves(queryClient: QueryClient, groupProjectId: number, saves: number) {
  queryClient.setQueriesData<GroupListResponse>({ queryKey: getGroupListsQueryKey() }, (old) =>
    old ? { ...old, data: old.data.map((group) => withSaves(group, groupProjectId, saves)) } : old,
  );
  queryClient.setQueryData<GroupListOfMine>(getSavedGroupsQueryOptions().queryKey, (old) =>
    old ? { data: old.data.map((group) => withSaves(group, groupProjectId, saves)) } : old,
  );
}

function setSavedMembership(queryClient: QueryClient, group: GroupSummary, saved: boolean, index: number) {
  queryClient.setQueryData<GroupListOfMine>(getSavedGroupsQueryOptions().queryKey, (old) => {
    if (!old) return old;
    const others = old.data.filter((item) => item.groupProjectId !== group.groupProjectId);
    if (!saved) return { data: others };
    const at = Math.min(Math.max(index, 0), others.length);
    return { data: [...others.slice(0, at), group, ...others.slice(at)] };
  });
}

/** The group as currently cached in a list page or the saved list. */
export function findGroup(queryClient: QueryClient, groupProjectId: number): GroupSummary | undefined {
  for (const [, list] of queryClient.getQueriesData<GroupListResponse>({
    queryKey: getGroupListsQueryKey(),
  })) {
    const found = list?.data.find((group) => group.groupProjectId === groupProjectId);
    if (found) return found;
  }
  return queryClient
    .getQueryData(getSavedGroupsQueryOptions().queryKey)
    ?.data.find((group) => group.groupProjectId === groupProjectId);
}
