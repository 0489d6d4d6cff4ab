import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Modal } from './Modal';
import { ReasonField } from './ReasonField';
import { errorMessage } from '../lib/error-message';
import buttons from './buttons.module.css';
import styles from './ReasonDialog.module.css';

export const ACTION_FAILED_MESSAGE = 'That did not work, please try again.';

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** Rejecting and hiding need a reason (the owner or requester may be told); other actions take one if given. */
  reasonRequired: boolean;
  /** The longest reason the action's endpoint takes. */
  reasonMax: number;
  confirmLabel: string;
  pendingLabel: string;
  tone?: 'primary' | 'danger';
  /** Does the action; a rejection keeps the dialog open with the server's message. */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
}

/** Confirms an action that takes a reason (a moderator's, which goes into the audit log; an owner's removal). */
export function ReasonDialog({ open, onClose, title, description, ...form }: ReasonDialogProps) {
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  return (
    <Modal open={open} onClose={onClose} title={title} description={description} initialFocusRef={reasonRef}>
      {/* Mounted only while open, so every opening starts from an empty reason. */}
      {open ? <ReasonForm {...form} onClose={onClose} reasonRef={reasonRef} /> : null}
    </Modal>
  );
}

type ReasonFormProps = Omit<ReasonDialogProps, 'open' | 'title' | 'description'> & {
  reasonRef: RefObject<HTMLTextAreaElement | null>;
};

function ReasonForm({
  onClose,
  reasonRequired,
  reasonMax,
  confirmLabel,
  pendingLabel,
  tone = 'primary',
  onConfirm,
  reasonRef,
}: ReasonFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const text = reason.trim();
    if (reasonRequired && text === '') {
      setError('Give a reason.');
      reasonRef.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onConfirm(text === '' ? undefined : text);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, ACTION_FAILED_MESSAGE, { clientErrorsOnly: true }));
      setPending(false);
      reasonRef.current?.focus();
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      <ReasonField
        id={id}
        label={reasonRequired ? 'Reason' : 'Reason (optional)'}
        value={reason}
        onChange={(value) => {
          setReason(value);
          if (error) setError(null);
        }}
        maxLength={reasonMax}
        required={reasonRequired}
        error={error}
        rows={3}
        inputRef={reasonRef}
      />
      <div className={buttons.row}>
        <button
          type="submit"
          className={tone === 'danger' ? buttons.danger : buttons.primary}
          aria-disabled={pending || undefined}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
        <button type="button" className={buttons.action} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
