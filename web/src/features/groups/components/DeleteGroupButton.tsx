import type { GroupProject } from '@openlfg/contracts';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/Modal';
import { toastError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteGroup } from '../api/delete-group';
import buttons from '../../../components/buttons.module.css';
import styles from './GroupPage.module.css';

/** "Delete group", asking first; on success, back to the list. */
export function DeleteGroupButton({ group }: { group: GroupProject }) {
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const remove = useDeleteGroup();
  const close = useCallback(() => setConfirming(false), []);

  const onDelete = () => {
    if (remove.isPending) return;
    remove.mutate(group.groupProjectId, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Group deleted.');
        void navigate('/group-projects');
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
      <Modal
        open={confirming}
        onClose={close}
        title="Delete group"
        description={`Delete ${group.title}? This removes its members, requests and discussion for good.`}
        initialFocusRef={cancelRef}
      >
        <div className={styles.dialogActions}>
          <button ref={cancelRef} type="button" className={buttons.action} onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className={buttons.danger}
            aria-disabled={remove.isPending || undefined}
            onClick={onDelete}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </Modal>
    </>
  );
}
