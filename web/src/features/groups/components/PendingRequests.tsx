import { profileHref } from '../../../lib/profile-links';
import { Link } from 'react-router';
import { DECISION_NOTE_MAX } from '@openlfg/contracts';
import { useEffect, useRef, useState } from 'react';
import { QueryList } from '../../../components/QueryList';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { toastError } from '../../../lib/error-message';
import { formatRelativeTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDecideRequest, type DecideVariables } from '../api/decide-request';
import { usePendingRequests } from '../api/get-pending-requests';
import { Avatar } from '../../../components/Avatar';
import { RequesterGitHub } from './RequesterGitHub';
import buttons from '../../../components/buttons.module.css';
import fields from '../../../components/FormField.module.css';
import styles from './GroupPage.module.css';

export const FULL_NO_APPROVALS_MESSAGE = 'The group is full: requests can be turned down, not approved.';

/**
 * The owner's list of requests to join this group, each with Reject, and Approve while the server allows
 * approvals (`mayApprove`: not once the group is full).
 */
export function PendingRequests({
  groupProjectId,
  mayApprove,
  joinQuestion = null,
}: {
  groupProjectId: number;
  mayApprove: boolean;
  /** The group's question to requesters, shown beside each answer; null for none. */
  joinQuestion?: string | null;
}) {
  const question = joinQuestion?.trim() ? joinQuestion.trim() : null;
  const pending = usePendingRequests(true);
  const decide = useDecideRequest();
  const requests = pending.data?.data.filter((item) => item.groupProjectId === groupProjectId) ?? [];
  const isBusy = (requestUsername: string) =>
    decide.isPending && decide.variables.requestUsername === requestUsername;
  // Once a request is decided its buttons are gone: focus moves to the request that took its place in the list
  // (or the one before it when it was the last), or to the heading when no one is left.
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusAt, setFocusAt] = useState<{ index: number } | null>(null);
  // The owner's optional note per requester, sent with Approve or Reject and shown to them.
  const [notes, setNotes] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!focusAt) return;
    const items = listRef.current?.querySelectorAll('li') ?? [];
    const item = items[Math.min(focusAt.index, items.length - 1)];
    (item?.querySelector('button') ?? headingRef.current)?.focus();
  }, [focusAt]);

  const onDecide = (variables: DecideVariables) => {
    const index = requests.findIndex((item) => item.requestUsername === variables.requestUsername);
    const note = notes[variables.requestUsername]?.trim();
    decide.mutate(note ? { ...variables, note } : variables, {
      onSuccess: () => {
        toast.success(
          variables.approve
            ? `${variables.requestUsername} is now a member.`
            : `You turned down ${variables.requestUsername}.`,
        );
        setFocusAt({ index: Math.max(index, 0) });
      },
      onError: (error) =>
        toastError(error, 'That did not work, please try again.', { clientErrorsOnly: true }),
    });
  };

  return (
    <section className={styles.section} aria-labelledby="pending-requests-heading">
      <h2 ref={headingRef} id="pending-requests-heading" className={styles.sectionHeading} tabIndex={-1}>
        Pending requests
      </h2>
      {mayApprove || requests.length === 0 ? null : (
        <p className={styles.muted}>{FULL_NO_APPROVALS_MESSAGE}</p>
      )}
      <QueryList query={pending} items={requests} what="requests" empty="No one is waiting to join.">
        {(items) => (
          <ul ref={listRef} className={styles.people} aria-label="Pending requests">
            {items.map((request) => (
              <li key={request.requestUsername} className={styles.person}>
                <Avatar login={request.requestUsername} avatarUrl={request.requestAvatarUrl} />
                <span className={styles.personText}>
                  <Link to={profileHref(request.requestUsername)} className={styles.login}>
                    {request.requestUsername}
                  </Link>
                  <span className={styles.muted}>asked {formatRelativeTime(request.requestedAt)}</span>
                  {question ? (
                    <span className={styles.requestMessage}>
                      <span className={styles.requestQuestion}>Q: {question}</span>
                      <span>A: {request.message ? `“${request.message}”` : 'no answer'}</span>
                    </span>
                  ) : request.message ? (
                    <span className={styles.requestMessage}>“{request.message}”</span>
                  ) : null}
                  <RequesterGitHub
                    groupProjectId={groupProjectId}
                    requestUsername={request.requestUsername}
                  />
                  <label className={styles.noteField}>
                    <span className={styles.muted}>
                      Note<VisuallyHidden> to {request.requestUsername}</VisuallyHidden> (optional)
                    </span>
                    <input
                      className={fields.input}
                      type="text"
                      maxLength={DECISION_NOTE_MAX}
                      value={notes[request.requestUsername] ?? ''}
                      onChange={(event) =>
                        setNotes((old) => ({ ...old, [request.requestUsername]: event.target.value }))
                      }
                    />
                  </label>
                </span>
                <span className={styles.personActions}>
                  {mayApprove ? (
                    <button
                      type="button"
                      className={buttons.primary}
                      disabled={isBusy(request.requestUsername)}
                      onClick={() =>
                        onDecide({ groupProjectId, requestUsername: request.requestUsername, approve: true })
                      }
                    >
                      Approve<VisuallyHidden> {request.requestUsername}</VisuallyHidden>
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={buttons.action}
                    disabled={isBusy(request.requestUsername)}
                    onClick={() =>
                      onDecide({ groupProjectId, requestUsername: request.requestUsername, approve: false })
                    }
                  >
                    Reject<VisuallyHidden> {request.requestUsername}</VisuallyHidden>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </section>
  );
}
