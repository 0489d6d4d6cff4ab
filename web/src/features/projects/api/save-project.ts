import type {
  Project,
  ProjectListResponse,
  ProjectPageResponse,
  SaveProjectResponse,
  SavedProjectsResponse,
} from '@openlfg/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { toastError } from '../../../lib/error-message';
import { projectPagesQueryKey } from './get-project-page';
import { getProjectListsQueryKey } from './get-projects';
import { getSavedProjectsQueryOptions } from './get-saved-projects';

export const SAVE_FAILED_MESSAGE = 'Could not save the project, please try again.';
export const UNSAVE_FAILED_MESSAGE =
  'Could not remove the project from your saved projects, please try again.';

export function saveProject(projectId: number) {
  return callApi('saveProject', { body: { projectId } });
}

export function unsaveProject(projectId: number) {
  return callApi('unsaveProject', { body: { projectId } });
}

export interface ToggleSaveVariables {
  project: Project;
  /** True to save, false to unsave. */
  save: boolean;
}

interface ToggleSaveContext {
  /** Where the project sat in the saved list before an unsave, to put it back there if the call fails. */
  savedIndex: number;
}

/**
 * Saves or unsaves a project, optimistically: the card's count and the saved list change at once and change
 * back (with a toast) if the server refuses. Changes are applied and undone one project at a time, so two
 * cards toggled together do not undo each other.
 */
export function useToggleProjectSave() {
  const queryClient = useQueryClient();
  const savedKey = getSavedProjectsQueryOptions().queryKey;

  return useMutation<SaveProjectResponse, Error, ToggleSaveVariables, ToggleSaveContext>({
    mutationFn: ({ project, save }) =>
      save ? saveProject(project.projectId) : unsaveProject(project.projectId),
    onMutate: async ({ project, save }) => {
      // A saved-list answer already on its way would overwrite the change below.
      await queryClient.cancelQueries({ queryKey: savedKey });
      const savedIndex =
        queryClient.getQueryData(savedKey)?.data.findIndex((item) => item.projectId === project.projectId) ??
        -1;
      const saves = Math.max(0, project.saves + (save ? 1 : -1));
      setSaves(queryClient, project.projectId, saves);
      setSavedMembership(queryClient, { ...project, saves }, save, 0);
      return { savedIndex };
    },
    onError: (error, { project, save }, context) => {
      const current = findProject(queryClient, project.projectId) ?? project;
      const saves = Math.max(0, current.saves + (save ? -1 : 1));
      setSaves(queryClient, project.projectId, saves);
      setSavedMembership(queryClient, { ...current, saves }, !save, context?.savedIndex ?? 0);
      toastError(error, save ? SAVE_FAILED_MESSAGE : UNSAVE_FAILED_MESSAGE, { clientErrorsOnly: true });
    },
    onSuccess: ({ projectId, saves }) => {
      // The server's count is the true one (others may have saved the project meanwhile).
      setSaves(queryClient, projectId, saves);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: savedKey }),
        queryClient.invalidateQueries({ queryKey: projectPagesQueryKey() }),
      ]),
  });
}

function withSaves(project: Project, projectId: number, saves: number): Project {
  return project.projectId === projectId ? { ...project, saves } : project;
}

/** Sets one project's save count in every cached page of the list, the saved list and the project's page. */
function setSaves(queryClient: QueryClient, projectId: number, saves: number) {
  queryClient.setQueriesData<ProjectPageResponse>({ queryKey: projectPagesQueryKey() }, (old) =>
    old && old.project.projectId === projectId ? { ...old, project: { ...old.project, saves } } : old,
  );
  queryClient.setQueriesData<ProjectListResponse>({ queryKey: getProjectListsQueryKey() }, (old) =>
    old ? { ...old, data: old.data.map((project) => withSaves(project, projectId, saves)) } : old,
  );
  queryClient.setQueryData<SavedProjectsResponse>(getSavedProjectsQueryOptions().queryKey, (old) =>
    old ? { data: old.data.map((project) => withSaves(project, projectId, saves)) } : old,
  );
}

/** Adds the project to the cached saved list (at `index`) or takes it out. */
function setSavedMembership(queryClient: QueryClient, project: Project, saved: boolean, index: number) {
  queryClient.setQueryData<SavedProjectsResponse>(getSavedProjectsQueryOptions().queryKey, (old) => {
    if (!old) return old;
    const others = old.data.filter((item) => item.projectId !== project.projectId);
    if (!saved) return { data: others };
    const at = Math.min(Math.max(index, 0), others.length);
    return { data: [...others.slice(0, at), project, ...others.slice(at)] };
  });
}

/** The project as currently cached (its count may have moved since the click). */
function findProject(queryClient: QueryClient, projectId: number): Project | undefined {
  for (const [, list] of queryClient.getQueriesData<ProjectListResponse>({
    queryKey: getProjectListsQueryKey(),
  })) {
    const found = list?.data.find((project) => project.projectId === projectId);
    if (found) return found;
  }
  return queryClient
    .getQueryData(getSavedProjectsQueryOptions().queryKey)
    ?.data.find((project) => project.projectId === projectId);
}
