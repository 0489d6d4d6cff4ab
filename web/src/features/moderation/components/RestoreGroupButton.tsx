import { useCallback, useState } from 'react';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { toast } from '../../../lib/toast';
import { useRestoreHiddenGroup } from '../api/hidden-groups';
import { ReasonDialog } from './ReasonDialog';
import buttons from '../../../components/buttons.module.css';

export interface RestoreGroupButtonProps {
  groupId: number;
  title: string;
  /** Whether the button names the group for screen readers (in a list of groups; not on its own page). */
  named: boolean;
  onRestored: () => void;
}

/** "Restore" for a hidden group, asking the moderator why first (the reason goes into the audit log). */
export function RestoreGroupButton({ groupId, title, named, onRestored }: RestoreGroupButtonProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const restore = useRestoreHiddenGroup();

  const run = async (text: string | undefined) => {
    await restore.mutateAsync({ groupId, reason: text ?? '' });
    toast.success(`${title} is visible again.`);
    onRestored();
  };

  return (
    <>
      <div className={buttons.row}>
        <button type="button" className={buttons.action} onClick={() => setOpen(true)}>
          Restore{named ? <VisuallyHidden> {title}</VisuallyHidden> : null}
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
    </>
  );
}
