import { JOIN_MESSAGE_MAX, type GroupProject } from '@openlfg/contracts';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { FormActions } from '../../../components/FormActions';
import { Modal } from '../../../components/Modal';
import { ReasonField } from '../../../components/ReasonField';
import { errorMessage } from '../../../lib/error-message';
import type { useRequestToJoin } from '../api/request-to-join';
import styles from './PostGroupForm.module.css';

export const REQUEST_FAILED_MESSAGE = 'Could not send the request, please try again.';

export interface RequestToJoinDialogProps {
  group: GroupProject;
  open: boolean;
  onClose: () => void;
  /** The membership buttons' own mutation, so they show it busy and move focus once it is done. */
  request: ReturnType<typeof useRequestToJoin>;
  onSent: () => void;
}

/**
 * The request to join a private group whose owner asks a question: the question, and an optional answer
 * (at most 500 characters) sent with the request.
 */
export function RequestToJoinDialog({ group, open, onClose, request, onSent }: RequestToJoinDialogProps) {
  const messageRef = useRef<HTMLTextAreaElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Ask to join ${group.title}`}
      description={
        <>
          The owner asks: <q>{group.joinQuestion}</q>
        </>
      }
      initialFocusRef={messageRef}
    >
      {open ? (
        <RequestForm
          group={group}
          messageRef={messageRef}
          request={request}
          onClose={onClose}
          onSent={onSent}
        />
      ) : null}
    </Modal>
  );
}

function RequestForm({
  group,
  messageRef,
  request,
  onClose,
  onSent,
}: Omit<RequestToJoinDialogProps, 'open'> & { messageRef: RefObject<HTMLTextAreaElement | null> }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const text = message.trim();
    setError(null);
    request.mutate(
      { group, request: true, ...(text ? { message: text } : {}) },
      {
        onSuccess: () => {
          onClose();
          onSent();
        },
        onError: (failure) => {
          setError(errorMessage(failure, REQUEST_FAILED_MESSAGE, { clientErrorsOnly: true }));
          messageRef.current?.focus();
        },
      },
    );
  };

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <ReasonField
        id={id}
        label="Your answer (optional)"
        value={message}
        onChange={(value) => {
          setMessage(value);
          if (error) setError(null);
        }}
        maxLength={JOIN_MESSAGE_MAX}
        required={false}
        error={error}
        inputRef={messageRef}
      />
      <FormActions
        pending={request.isPending}
        submitLabel="Send request"
        pendingLabel="Sending..."
        onCancel={onClose}
      />
    </form>
  );
}
