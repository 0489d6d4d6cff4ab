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
  /** `danger` (the default) for what cannot be undone; `primary` for a weighty change that can (hand over). */
  tone?: 'primary' | 'danger';
  onConfirm: () => void;
}

/**
 * Asks before something that cannot be undone, or not simply: Cancel (focused first, so Enter does no harm)
 * and the action's button. The caller closes it when the action succeeds.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  tone = 'danger',
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
          className={tone === 'danger' ? buttons.danger : buttons.primary}
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
