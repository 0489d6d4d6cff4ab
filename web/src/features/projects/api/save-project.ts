import type { SaveProjectResponse } from '@openlfg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toastError } from '../../../lib/error-message';
import type * as SaveWork from './save-project-cache';
import type { ToggleSaveContext, ToggleSaveVariables } from './save-project-cache';

export type { ToggleSaveVariables } from './save-project-cache';

export const SAVE_FAILED_MESSAGE = 'Could not save the project, please try again.';
export const UNSAVE_FAILED_MESSAGE =
  'Could not remove the project from your saved projects, please try again.';

/**
 * The call and the cache's edits, with the first click: every card of the first screen has a Save button, and
 * their work would otherwise be part of the first visit's script. The button shows the click at once (the
 * toggle's variables, `SaveToggleButton`); the counts follow as soon as this small chunk is in.
 */
const loadSaveWork = () => import('./save-project-cache');

/** What the button shows of the toggle: what it asked for while it runs, then the server's answer. */
interface SaveToggleState {
  isPending: boolean;
  isSuccess: boolean;
  variables: ToggleSaveVariables | undefined;
  data: SaveProjectResponse | undefined;
}

const IDLE: SaveToggleState = { isPending: false, isSuccess: false, variables: undefined, data: undefined };

/**
 * Saves or unsaves a project, optimistically: the card's count and the saved list change at once and change
 * back (with a toast) if the server refuses. Changes are applied and undone one project at a time, so two
 * cards toggled together do not undo each other. Its state is the button's own rather than a TanStack
 * mutation's: the mutation observer would be in the first visit's script for this button alone.
 */
export function useToggleProjectSave() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveToggleState>(IDLE);
  const toggle = useCallback(
    async (variables: ToggleSaveVariables) => {
      setState({ ...IDLE, isPending: true, variables });
      let work: typeof SaveWork | undefined;
      let shown: ToggleSaveContext | undefined;
      try {
        work = await loadSaveWork();
        shown = await work.showSave(queryClient, variables);
        const answer = await work.sendSave(variables);
        work.confirmSave(queryClient, answer);
        setState({ ...IDLE, isSuccess: true, variables, data: answer });
      } catch (error) {
        // Nothing shown (offline before the code arrived): nothing to undo.
        if (work && shown) work.undoSave(queryClient, variables, shown);
        toastError(error, variables.save ? SAVE_FAILED_MESSAGE : UNSAVE_FAILED_MESSAGE, {
          clientErrorsOnly: true,
        });
        setState({ ...IDLE, variables });
      }
      // Without the code, nothing was saved or changed: nothing to ask again.
      if (work) await work.refreshSaved(queryClient);
    },
    [queryClient],
  );
  const mutate = useCallback((variables: ToggleSaveVariables) => void toggle(variables), [toggle]);
  return { ...state, mutate };
}
