import type { AdminProjectRequest } from '@openlfg/contracts';
import { useCallback, useId, useState } from 'react';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { toastError } from '../../../lib/error-message';
import { formatRelativeTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDecideProjectRequest } from '../api/decide-project-request';
import { githubUrl } from '../github-url';
import { ACTION_FAILED_MESSAGE, ReasonDialog } from './ReasonDialog';
import { RepositoryFiguresPanel } from './RepositoryFiguresPanel';
import buttons from '../../../components/buttons.module.css';
import styles from './Moderation.module.css';

export interface ProjectRequestItemProps {
  request: AdminProjectRequest;
  /** Called once the request has left the queue. */
  onDecided: () => void;
}

/** One pending request: who asked, GitHub's figures on demand, Approve and Reject (with a reason). */
export function ProjectRequestItem({ request, onDecided }: ProjectRequestItemProps) {
  const { id, repoExt, requesters, createdAt, listed } = request;
  const figuresId = useId();
  const [showFigures, setShowFigures] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const closeReject = useCallback(() => setRejecting(false), []);
  const decide = useDecideProjectRequest();

  // mutateAsync rather than mutate's callbacks: the item leaves the list (unmounts) as soon as the server agrees.
  const approve = async () => {
    if (decide.isPending) return;
    try {
      await decide.mutateAsync({ requestId: id, decision: 'approve' });
    } catch (error) {
      toastError(error, ACTION_FAILED_MESSAGE, { clientErrorsOnly: true });
      return;
    }
    toast.success(
      listed
        ? `${repoExt} was already listed: the request is closed.`
        : `${repoExt} is in the catalogue; its figures come with the next sync.`,
    );
    onDecided();
  };

  const reject = async (reason: string | undefined) => {
    await decide.mutateAsync({ requestId: id, decision: 'reject', reason });
    toast.success(`The request for ${repoExt} is rejected.`);
    onDecided();
  };

  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>
        <a className={styles.link} href={githubUrl(repoExt)} target="_blank" rel="noreferrer">
          {repoExt}
        </a>
        {listed ? <span className={styles.badge}>Already listed</span> : null}
      </h3>
      <p className={styles.muted}>
        Requested <time dateTime={createdAt}>{formatRelativeTime(createdAt)}</time> by {requesters.join(', ')}
      </p>
      {showFigures ? (
        <div id={figuresId}>
          <RepositoryFiguresPanel requestId={id} />
        </div>
      ) : null}
      <div className={buttons.row}>
        <button
          type="button"
          className={buttons.action}
          aria-expanded={showFigures}
          aria-controls={showFigures ? figuresId : undefined}
          onClick={() => setShowFigures((shown) => !shown)}
        >
          {showFigures ? 'Hide GitHub figures' : 'GitHub figures'}
          <VisuallyHidden> of {repoExt}</VisuallyHidden>
        </button>
        <button
          type="button"
          className={buttons.primary}
          aria-disabled={decide.isPending || undefined}
          onClick={() => void approve()}
        >
          Approve<VisuallyHidden> {repoExt}</VisuallyHidden>
        </button>
        <button type="button" className={buttons.action} onClick={() => setRejecting(true)}>
          Reject<VisuallyHidden> {repoExt}</VisuallyHidden>
        </button>
      </div>
      <ReasonDialog
        open={rejecting}
        onClose={closeReject}
        title={`Reject ${repoExt}`}
        description="The project stays out of the catalogue. The reason goes into the audit log."
        reasonRequired
        confirmLabel="Reject request"
        pendingLabel="Rejecting..."
        tone="danger"
        onConfirm={reject}
      />
    </li>
  );
}
