import type { GroupProject } from '@openlfg/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toastError } from '../../../lib/error-message';
import { FOCUS_HEADING_STATE } from '../../../lib/heading-focus';
import { toast } from '../../../lib/toast';
import { useDeleteGroup } from '../api/delete-group';
import buttons from '../../../components/buttons.module.css';

/** "Delete group", asking first; on success, back to the list, its heading focused. */
export function DeleteGroupButton({ group }: { group: GroupProject }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteGroup();
  const close = useCallback(() => setConfirming(false), []);

  const onDelete = () => {
    remove.mutate(group.groupProjectId, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Group deleted.');
        void navigate('/group-projects', { state: FOCUS_HEADING_STATE });
      },
      onError: (error) =>
        toastError(error, 'Could not delete the group, please try again.', { clientErrorsOnly: true }),
    });
  };

  return (
    <>
      <button type="button" className={buttons.danger} onClick={() => setConfirming(true)}>
        Delete group
      </button>
      <ConfirmDialog
        open={confirming}
        onClose={close}
        title="Delete group"
        description={`Delete ${group.title}? This removes its members, requests and discussion for good.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </>
  );
}
