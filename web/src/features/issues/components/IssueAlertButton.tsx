import type { IssueAlertFilters } from '@openlfg/contracts';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../session/session-context';
import { useCreateIssueAlert } from '../../../issue-alerts/api';
import buttons from '../../../components/buttons.module.css';

/**
 * "Tell me about new issues like these": saves the finder's current filters as an alert, told in the bell (and
 * the mail, when it is on). Offered to signed-in users only.
 */
export function IssueAlertButton({ filters, className }: { filters: IssueAlertFilters; className?: string }) {
  const { isLoggedIn } = useSession();
  const create = useCreateIssueAlert();
  if (!isLoggedIn) return null;
  return (
    <p className={className}>
      <button
        type="button"
        className={buttons.link}
        aria-disabled={create.isPending || undefined}
        onClick={() => {
          if (create.isPending) return;
          create.mutate(filters, {
            onSuccess: (alert) =>
              toast.success(`Saved: we will tell you about new issues like '${alert.name}'.`),
            onError: (error) => toast.error(errorMessage(error, 'The alert could not be saved. Try again.')),
          });
        }}
      >
        {create.isPending ? 'Saving the alert…' : 'Tell me about new issues like these'}
      </button>
    </p>
  );
}
