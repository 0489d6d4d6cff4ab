import type {
  Project,
  ProjectListResponse,
  ProjectPageResponse,
  SaveProjectResponse,
  SavedProjectsResponse,
} from '@openlfg/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { projectPagesQueryKey } from './get-project-page';
import { getProjectListsQueryKey } from './get-projects';
import { getSavedProjectsQueryOptions } from './get-saved-projects';

/**
 * What a click on Save does beyond the button itself: the call, and the cached lists and pages it changes at once
 * and changes back when the server refuses. Loaded with the first click (`save-project.ts`), not with the first
 * visit: the cards show Save on the first screen, few visits press it.
 */

export interface ToggleSaveVariables {
  project: Project;
  /** True to save, false to unsave. */
  save: boolean;
}

export interface ToggleSaveContext {
  /** Where the project sat in the saved list before an unsave, to put it back there if the call fails. */
  savedIndex: number;
}

const savedKey = () => getSavedProjectsQueryOptions().queryKey;

export function sendSave({ project, save }: ToggleSaveVariables): Promise<SaveProjectResponse> {
  const body = { projectId: project.projectId };
  return save ? callApi('saveProject', { body }) : callApi('unsaveProject', { body });
}

/** The save shown before the server answers: the project's count everywhere, and the saved list. */
export async function showSave(
  queryClient: QueryClient,
  { project, save }: ToggleSaveVariables,
): Promise<ToggleSaveContext> {
  // A saved-list answer already on its way would overwrite the change below.
  await queryClient.cancelQueries({ queryKey: savedKey() });
  const savedIndex =
    queryClient.getQueryData(savedKey())?.data.findIndex((item) => item.projectId === project.projectId) ??
    -1;
  const saves = Math.max(0, project.saves + (save ? 1 : -1));
  setSaves(queryClient, project.projectId, saves);
  setSavedMembership(queryClient, { ...project, saves }, save, 0);
  return { savedIndex };
}

/** The server refused: the count and the saved list as they were (the count as cached now, less the click). */
export function undoSave(
  queryClient: QueryClient,
  { project, save }: ToggleSaveVariables,
  context: ToggleSaveContext,
): void {
  const current = findProject(queryClient, project.projectId) ?? project;
  const saves = Math.max(0, current.saves + (save ? -1 : 1));
  setSaves(queryClient, project.projectId, saves);
  setSavedMembership(queryClient, { ...current, saves }, !save, context.savedIndex);
}

/** The server's count is the true one (others may have saved the project meanwhile). */
export function confirmSave(queryClient: QueryClient, { projectId, saves }: SaveProjectResponse): void {
  setSaves(queryClient, projectId, saves);
}

/** Once settled, the saved list and the project pages are asked again. */
export function refreshSaved(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: savedKey() }),
    queryClient.invalidateQueries({ queryKey: projectPagesQueryKey() }),
  ]);
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
  queryClient.setQueryData<SavedProjectsResponse>(savedKey(), (old) =>
    old ? { data: old.data.map((project) => withSaves(project, projectId, saves)) } : old,
  );
}

/** Adds the project to the cached saved list (at `index`) or takes it out. */
function setSavedMembership(queryClient: QueryClient, project: Project, saved: boolean, index: number) {
  queryClient.setQueryData<SavedProjectsResponse>(savedKey(), (old) => {
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
  return queryClient.getQueryData(savedKey())?.data.find((project) => project.projectId === projectId);
}
