import { isApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useStartSync } from '../api/start-sync';
import { ACTION_FAILED_MESSAGE } from './ReasonDialog';
import buttons from '../../../components/buttons.module.css';

export const SYNC_NEEDS_TOKEN_MESSAGE =
  'Syncing needs a GitHub token: set GITHUB_TOKEN on the server (a token without scopes is enough).';

/**
 * Starts a catalogue sync. Without a GitHub token on the server (`available` false) it is shown disabled and
 * described by the note saying what is needed (`noteId`). Pressed while one runs, the server refuses (409) with its reason, which is shown as
 * information rather than as a failure: nothing went wrong.
 */
export function SyncNowButton({
  running,
  available,
  noteId,
}: {
  running: boolean;
  available: boolean;
  noteId: string;
}) {
  const sync = useStartSync();
  const busy = sync.isPending;

  const onClick = () => {
    if (busy || !available) return;
    sync.mutate(undefined, {
      onSuccess: ({ total }) =>
        toast.success(`The catalogue sync started: ${formatProjects(total)} to refresh.`),
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          toast.info(error.serverMessage ?? 'A catalogue sync is already running.');
        } else {
          toastError(error, ACTION_FAILED_MESSAGE, { clientErrorsOnly: true });
        }
      },
    });
  };

  return (
    <button
      type="button"
      className={buttons.primary}
      aria-disabled={busy || !available || undefined}
      aria-describedby={available ? undefined : noteId}
      aria-busy={busy || running || undefined}
      onClick={onClick}
    >
      {busy ? 'Starting...' : running ? 'Sync running...' : 'Sync now'}
    </button>
  );
}

function formatProjects(total: number): string {
  return total === 1 ? '1 project' : `${total} projects`;
}
