import { REPORT_REASON_MAX } from '@openlfg/contracts';
import { useCallback, useRef, type RefObject } from 'react';
import { Modal } from '../../../components/Modal';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../session/session-context';
import { useReportGroup } from '../api/report-group';
import { TextAnswerForm } from './TextAnswerForm';

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
  const report = useReportGroup();
  return (
    <TextAnswerForm
      label="Reason"
      maxLength={REPORT_REASON_MAX}
      blankMessage="Say why you are reporting this group."
      submitLabel="Send report"
      pendingLabel="Sending..."
      failedMessage={REPORT_FAILED_MESSAGE}
      inputRef={reasonRef}
      send={async (reason) => {
        await report.mutateAsync({ groupProjectId, reason: reason ?? '' });
        toast.success('Thanks, a moderator will look at it.');
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
