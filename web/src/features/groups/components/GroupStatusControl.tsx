import type { GroupProject, SettableGroupStatus } from '@openlfg/contracts';
import { toastError } from '../../../lib/error-message';
import { useFocusRequest } from '../../../lib/use-focus-request';
import { toast } from '../../../lib/toast';
import { useSetGroupStatus } from '../api/set-group-status';
import { STATUS_MEANING, STATUS_TEXT, statusOf } from '../group-text';
import buttons from '../../../components/buttons.module.css';
import styles from './GroupPage.module.css';

/** Each change the owner can make, from the status the group has: its button and its toast. */
const CHANGES: Record<SettableGroupStatus, { label: string; done: string }> = {
  open: { label: 'Reopen', done: 'Group reopened: new members can join.' },
  closed: { label: 'Close to new members', done: 'Group closed to new members.' },
  archived: { label: 'Archive', done: 'Group archived: its board is read-only.' },
};

/** What the owner can change a status to: full is not chosen, it follows from the members. */
function changesFrom(status: GroupProject['status']): SettableGroupStatus[] {
  if (status === 'closed') return ['open', 'archived'];
  if (status === 'archived') return ['open'];
  return ['closed', 'archived'];
}

/** The owner's status control: what the status means now, and the changes it can take. */
export function GroupStatusControl({ group }: { group: GroupProject }) {
  const setStatus = useSetGroupStatus();
  const status = statusOf(group);
  // The button pressed gives way to the new status's buttons: focus goes to the status it now says.
  const [headingRef, focusHeading] = useFocusRequest<HTMLHeadingElement>();

  const change = (next: SettableGroupStatus) => {
    if (setStatus.isPending) return;
    setStatus.mutate(
      { groupProjectId: group.groupProjectId, status: next },
      {
        onSuccess: () => {
          focusHeading();
          toast.success(CHANGES[next].done);
        },
        onError: (error) =>
          toastError(error, 'Could not change the status, please try again.', { clientErrorsOnly: true }),
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="group-status-heading">
      <h2 ref={headingRef} id="group-status-heading" tabIndex={-1} className={styles.sectionHeading}>
        Status: {STATUS_TEXT[status]}
      </h2>
      <p className={styles.muted}>{STATUS_MEANING[status]}</p>
      <div className={styles.actions}>
        {changesFrom(status).map((next) => (
          <button
            key={next}
            type="button"
            className={buttons.action}
            aria-disabled={setStatus.isPending || undefined}
            onClick={() => change(next)}
          >
            {setStatus.isPending && setStatus.variables.status === next ? 'Saving...' : CHANGES[next].label}
          </button>
        ))}
      </div>
    </section>
  );
}
