import { isApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useStartSync } from '../api/start-sync';
import { ACTION_FAILED_MESSAGE } from './ReasonDialog';
import buttons from '../../../components/buttons.module.css';

/**
 * Starts a catalogue sync. Pressed while one runs, the server refuses (409) with its reason, which is shown as
 * information rather than as a failure: nothing went wrong.
 */
export function SyncNowButton({ running }: { running: boolean }) {
  const sync = useStartSync();
  const busy = sync.isPending;

  const onClick = () => {
    if (busy) return;
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
      aria-disabled={busy || undefined}
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
