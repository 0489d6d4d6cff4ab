import type { SaveProjectResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError } from '../../../lib/error-message';
import type { ToggleSaveContext, ToggleSaveVariables } from './save-project-cache';

export type { ToggleSaveVariables } from './save-project-cache';

export const SAVE_FAILED_MESSAGE = 'Could not save the project, please try again.';
export const UNSAVE_FAILED_MESSAGE =
  'Could not remove the project from your saved projects, please try again.';

/**
 * The call and the cache's edits, with the first click: every card of the first screen has a Save button, and
 * their work would otherwise be part of the first visit's script. The button shows the click at once (the
 * mutation's variables, `SaveToggleButton`); the counts follow as soon as this small chunk is in.
 */
const loadSaveWork = () => import('./save-project-cache');

/**
 * Saves or unsaves a project, optimistically: the card's count and the saved list change at once and change
 * back (with a toast) if the server refuses. Changes are applied and undone one project at a time, so two
 * cards toggled together do not undo each other.
 */
export function useToggleProjectSave() {
  const queryClient = useQueryClient();

  return useMutation<SaveProjectResponse, Error, ToggleSaveVariables, ToggleSaveContext>({
    mutationFn: async (variables) => (await loadSaveWork()).sendSave(variables),
    onMutate: async (variables) => (await loadSaveWork()).showSave(queryClient, variables),
    onError: async (error, variables, context) => {
      // No context: the save's code did not arrive (offline), so nothing changed on screen to undo.
      if (context) (await loadSaveWork()).undoSave(queryClient, variables, context);
      toastError(error, variables.save ? SAVE_FAILED_MESSAGE : UNSAVE_FAILED_MESSAGE, {
        clientErrorsOnly: true,
      });
    },
    onSuccess: async (answer) => (await loadSaveWork()).confirmSave(queryClient, answer),
    // Offline before the code arrived: nothing was saved or changed, nothing to ask again.
    onSettled: () =>
      loadSaveWork().then(
        (work) => work.refreshSaved(queryClient),
        () => undefined,
      ),
  });
}
