import type { AdminReportedGroup } from '@openlfg/contracts';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { toastError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useActOnReportedGroup, type ReportAction } from '../api/act-on-reported-group';
import { DismissReportsButton } from './DismissReportsButton';
import { OpenReports } from './OpenReports';
import { ACTION_FAILED_MESSAGE, ReasonDialog } from './ReasonDialog';
import buttons from '../../../components/buttons.module.css';
import styles from './Moderation.module.css';

export interface ReportedGroupItemProps {
  group: AdminReportedGroup;
  /** Called once the group has left the list. */
  onActed: () => void;
}

const DONE: Record<ReportAction, (title: string) => string> = {
  dismiss: (title) => `The reports on ${title} are dismissed.`,
  hide: (title) => `${title} is hidden.`,
  delete: (title) => `${title} is deleted.`,
};

/** One reported group: its reports with reasons and reporters, and the three outcomes. */
export function ReportedGroupItem({ group, onActed }: ReportedGroupItemProps) {
  const { groupId, title, exists, hidden, reports } = group;
  const [dialog, setDialog] = useState<'hide' | 'delete' | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const act = useActOnReportedGroup();

  // mutateAsync rather than mutate's callbacks: the item leaves the list (unmounts) as soon as the server agrees.
  const run = async (action: ReportAction, reason?: string) => {
    await act.mutateAsync({ groupId, action, reason });
    toast.success(DONE[action](title));
    onActed();
  };

  const dismiss = async () => {
    if (act.isPending) return;
    try {
      await run('dismiss');
    } catch (error) {
      toastError(error, ACTION_FAILED_MESSAGE, { clientErrorsOnly: true });
    }
  };

  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>
        {exists && !hidden ? (
          <Link className={styles.link} to={`/group-projects/${groupId}`}>
            {title}
          </Link>
        ) : (
          <span>{title}</span>
        )}
        {hidden ? <span className={styles.badgeWarning}>Hidden</span> : null}
        {exists ? null : <span className={styles.badgeWarning}>Deleted</span>}
      </h3>
      <OpenReports reports={reports} subject={title} />
      <div className={buttons.row}>
        <DismissReportsButton subject={title} pending={act.isPending} onDismiss={() => void dismiss()} />
        {exists && !hidden ? (
          <button type="button" className={buttons.action} onClick={() => setDialog('hide')}>
            Hide group<VisuallyHidden> {title}</VisuallyHidden>
          </button>
        ) : null}
        {exists ? (
          <button type="button" className={buttons.danger} onClick={() => setDialog('delete')}>
            Delete group<VisuallyHidden> {title}</VisuallyHidden>
          </button>
        ) : null}
      </div>
      <ReasonDialog
        open={dialog === 'hide'}
        onClose={closeDialog}
        title={`Hide ${title}`}
        description="The group leaves every list and its board closes to everyone but its owner, who sees this reason."
        reasonRequired
        confirmLabel="Hide group"
        pendingLabel="Hiding..."
        onConfirm={(reason) => run('hide', reason)}
      />
      <ReasonDialog
        open={dialog === 'delete'}
        onClose={closeDialog}
        title={`Delete ${title}`}
        description={`Delete ${title}? This removes its members, requests and discussion for good.`}
        reasonRequired={false}
        confirmLabel="Delete group"
        pendingLabel="Deleting..."
        tone="danger"
        onConfirm={(reason) => run('delete', reason)}
      />
    </li>
  );
}
