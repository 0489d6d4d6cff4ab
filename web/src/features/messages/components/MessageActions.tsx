import type { Message } from '@openlfg/contracts';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toastError } from '../../../lib/error-message';
import { useDeleteMessage } from '../api/change-message';
import { boardOfMessage } from '../board';
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
  const remove = useDeleteMessage();
  const close = useCallback(() => setConfirming(false), []);
  const whose = mine ? 'your message' : `${message.author.login}'s message`;

  const onDelete = () => {
    remove.mutate(
      { ...boardOfMessage(message), messageId: message.id },
      {
        onSuccess: close,
        onError: (error) => toastError(error, 'Could not delete the message, please try again.'),
      },
    );
  };

  return (
    <div className={styles.actions}>
      {canEdit ? (
        <button
          type="button"
          className={styles.actionButton}
          onClick={onEdit}
          aria-label={`Edit ${whose}`}
          data-message-action="edit"
        >
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
      <ConfirmDialog
        open={confirming}
        onClose={close}
        title="Delete message"
        description={`Delete ${whose}? Everyone will see "Message deleted" in its place; its text is gone for good.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </div>
  );
}
