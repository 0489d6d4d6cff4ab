import type { Message } from '@openlfg/contracts';
import { useCallback, useRef, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { toastError } from '../../../lib/error-message';
import buttons from '../../../components/buttons.module.css';
import { useDeleteMessage } from '../api/change-message';
import styles from './MessageItem.module.css';

export interface MessageActionsProps {
  message: Message;
  mine: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
}

/** "Edit" and "Delete" beside a message; deleting asks first, since the text is gone for good. */
export function MessageActions({ message, mine, canEdit, canDelete, onEdit }: MessageActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = useDeleteMessage();
  const close = useCallback(() => setConfirming(false), []);
  const whose = mine ? 'your message' : `${message.author.login}'s message`;

  const onDelete = () => {
    if (remove.isPending) return;
    remove.mutate(
      { groupProjectId: message.groupProjectId, messageId: message.id },
      {
        onSuccess: close,
        onError: (error) => toastError(error, 'Could not delete the message, please try again.'),
      },
    );
  };

  return (
    <div className={styles.actions}>
      {canEdit ? (
        <button type="button" className={styles.actionButton} onClick={onEdit} aria-label={`Edit ${whose}`}>
          Edit
        </button>
      ) : null}
      {canDelete ? (
        <button
          type="button"
          className={styles.actionButton}
          onClick={() => setConfirming(true)}
          aria-label={`Delete ${whose}`}
        >
          Delete
        </button>
      ) : null}
      <Modal
        open={confirming}
        onClose={close}
        title="Delete message"
        description={`Delete ${whose}? Everyone will see "Message deleted" in its place; its text is gone for good.`}
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
    </div>
  );
}
