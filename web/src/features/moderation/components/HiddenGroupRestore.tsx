import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { formatRelativeTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { getHiddenGroupQueryOptions, useRestoreHiddenGroup } from '../api/hidden-groups';
import { useModeratorStatus } from '../api/get-moderator-status';
import { ReasonDialog } from './ReasonDialog';
import buttons from '../../../components/buttons.module.css';
import styles from './Moderation.module.css';

export interface HiddenGroupRestoreProps {
  groupProjectId: number;
  /** The group is visible again: the page loads it. */
  onRestored: () => void;
}

/**
 * On the page of a group a moderator hid, which is gone for everyone but its owner: a moderator learns it is
 * hidden, and why, and can restore it there. Nothing for anyone else, nor for a group that is simply gone.
 */
export function HiddenGroupRestore({ groupProjectId, onRestored }: HiddenGroupRestoreProps) {
  const { isModerator } = useModeratorStatus();
  const hidden = useQuery({ ...getHiddenGroupQueryOptions(groupProjectId), enabled: isModerator });
  const restore = useRestoreHiddenGroup();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!isModerator || !hidden.data) return null;
  const { title, ownerLogin, hiddenAt, reason } = hidden.data;

  const run = async (text: string | undefined) => {
    await restore.mutateAsync({ groupId: groupProjectId, reason: text ?? '' });
    toast.success(`${title} is visible again.`);
    onRestored();
  };

  return (
    <section className={styles.card} aria-label="Hidden group">
      <p role="status">
        <strong>{title}</strong> by {ownerLogin} was hidden by a moderator{' '}
        <time dateTime={hiddenAt}>{formatRelativeTime(hiddenAt)}</time>: {reason ?? 'no reason given'}
      </p>
      <div className={buttons.row}>
        <button type="button" className={buttons.action} onClick={() => setOpen(true)}>
          Restore
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
    </section>
  );
}
