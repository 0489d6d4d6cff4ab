import { useRef, type ReactNode } from 'react';
import { Modal } from '../../../components/Modal';
import buttons from '../../../components/buttons.module.css';
import styles from './GroupPage.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the action changes, read as the dialog's description. */
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  tone: 'primary' | 'danger';
  onConfirm: () => void;
}

/** Asks before an owner's action that cannot simply be undone: Cancel (focused first) or the action. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  tone,
  onConfirm,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal open={open} onClose={onClose} title={title} description={description} initialFocusRef={cancelRef}>
      <div className={styles.dialogActions}>
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
