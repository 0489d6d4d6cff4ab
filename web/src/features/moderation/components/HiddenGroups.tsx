import type { HiddenGroup } from '@openlfg/contracts';
import { useCallback, useState } from 'react';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatRelativeTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useHiddenGroups, useRestoreHiddenGroup } from '../api/hidden-groups';
import { ModerationList } from './ModerationList';
import { ReasonDialog } from './ReasonDialog';
import buttons from '../../../components/buttons.module.css';
import styles from './Moderation.module.css';

/** The groups moderators hid, each with why, to restore. */
export function HiddenGroups({ page }: { page: number }) {
  return (
    <ModerationList
      tab="hidden"
      page={page}
      title="Hidden groups"
      intro="Groups a moderator hid: out of every list, their boards closed to all but their owners, who see the reason. Restoring shows a group again as it was."
      query={useHiddenGroups(page)}
      what="hidden groups"
      empty={{ title: 'No hidden groups.', text: 'Groups hidden from the reports show up here.' }}
      keyOf={(group) => group.groupId}
      renderItem={(group, onDone) => <HiddenGroupItem group={group} onRestored={onDone} />}
    />
  );
}

function HiddenGroupItem({ group, onRestored }: { group: HiddenGroup; onRestored: () => void }) {
  const { groupId, title, ownerLogin, hiddenAt, reason } = group;
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const restore = useRestoreHiddenGroup();

  const run = async (text: string | undefined) => {
    await restore.mutateAsync({ groupId, reason: text ?? '' });
    toast.success(`${title} is visible again.`);
    onRestored();
  };

  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>
        <span>{title}</span>
        <span className={styles.badgeWarning}>Hidden</span>
      </h3>
      <p className={styles.muted}>
        Owner <strong>{ownerLogin}</strong>, hidden{' '}
        <time dateTime={hiddenAt}>{formatRelativeTime(hiddenAt)}</time>
      </p>
      {reason ? <p className={styles.reason}>{reason}</p> : null}
      <div className={buttons.row}>
        <button type="button" className={buttons.action} onClick={() => setOpen(true)}>
          Restore<VisuallyHidden> {title}</VisuallyHidden>
        </button>
      </div>
      <ReasonDialog
        open={open}
        onClose={close}
        title={`Restore ${title}`}
        description="The group comes back to every list and its board opens to its members again."
        reasonRequired
        confirmLabel="Restore group"
        pendingLabel="Restoring..."
        onConfirm={run}
      />
    </li>
  );
}
