import { useRef, type ReactNode } from 'react';
import { Modal } from './Modal';
import buttons from './buttons.module.css';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** The confirming button's label ("Delete"), and what it says while the action runs ("Deleting..."). */
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * Asks before something that cannot be undone: Cancel (focused first, so Enter does no harm) and a danger
 * button. The caller closes it when the action succeeds.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal open={open} onClose={onClose} title={title} description={description} initialFocusRef={cancelRef}>
      <div className={styles.actions}>
        <button ref={cancelRef} type="button" className={buttons.action} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={buttons.danger}
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) onConfirm();
          }}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
