import { JOIN_MESSAGE_MAX, type GroupSummary } from '@openlfg/contracts';
import { useRef, type RefObject } from 'react';
import { Modal } from '../../../components/Modal';
import type { useRequestToJoin } from '../api/request-to-join';
import { TextAnswerForm } from './TextAnswerForm';

export const REQUEST_FAILED_MESSAGE = 'Could not send the request, please try again.';

export interface RequestToJoinDialogProps {
  group: GroupSummary;
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
  return (
    <TextAnswerForm
      label="Your answer (optional)"
      maxLength={JOIN_MESSAGE_MAX}
      submitLabel="Send request"
      pendingLabel="Sending..."
      failedMessage={REQUEST_FAILED_MESSAGE}
      inputRef={messageRef}
      send={async (message) => {
        await request.mutateAsync({ group, request: true, ...(message ? { message } : {}) });
        onClose();
        onSent();
      }}
      onCancel={onClose}
    />
  );
}
