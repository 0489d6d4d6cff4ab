import { REPORT_REASON_MAX } from '@openlfg/contracts';
import { useCallback, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Modal } from '../../../components/Modal';
import { ReasonField } from '../../../components/ReasonField';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../session/session-context';
import { useReportGroup } from '../api/report-group';
import styles from './PostGroupForm.module.css';
import { FormActions } from '../../../components/FormActions';

export const REPORT_FAILED_MESSAGE = 'Could not send the report, please try again.';

/** The report dialog, driven by the session's showReportModal { show, projectId }. */
export function ReportModal({ groupTitle }: { groupTitle: string }) {
  const { showReportModal, setShowReportModal } = useSession();
  const open = showReportModal.show && showReportModal.projectId !== null;
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const close = useCallback(() => setShowReportModal({ show: false, projectId: null }), [setShowReportModal]);
  return (
    <Modal
      open={open}
      onClose={close}
      title={`Report ${groupTitle}`}
      description="Tell the moderators what is wrong with this group."
      initialFocusRef={reasonRef}
    >
      {open && showReportModal.projectId !== null ? (
        <ReportForm groupProjectId={showReportModal.projectId} reasonRef={reasonRef} onClose={close} />
      ) : null}
    </Modal>
  );
}

interface ReportFormProps {
  groupProjectId: number;
  reasonRef: RefObject<HTMLTextAreaElement | null>;
  onClose: () => void;
}

function ReportForm({ groupProjectId, reasonRef, onClose }: ReportFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportGroup();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (report.isPending) return;
    const text = reason.trim();
    if (text === '') {
      setError('Say why you are reporting this group.');
      reasonRef.current?.focus();
      return;
    }
    setError(null);
    report.mutate(
      { groupProjectId, reason: text },
      {
        onSuccess: () => {
          toast.success('Thanks, a moderator will look at it.');
          onClose();
        },
        onError: (failure) => {
          setError(errorMessage(failure, REPORT_FAILED_MESSAGE, { clientErrorsOnly: true }));
          reasonRef.current?.focus();
        },
      },
    );
  };

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <ReasonField
        id={id}
        label="Reason"
        value={reason}
        onChange={(value) => {
          setReason(value);
          if (error) setError(null);
        }}
        maxLength={REPORT_REASON_MAX}
        required
        error={error}
        inputRef={reasonRef}
      />
      <FormActions
        pending={report.isPending}
        submitLabel="Send report"
        pendingLabel="Sending..."
        onCancel={onClose}
      />
    </form>
  );
}
