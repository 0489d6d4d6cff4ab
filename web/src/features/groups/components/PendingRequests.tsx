import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { errorMessage } from '../../../lib/error-message';
import { formatRelativeTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDecideRequest, type DecideVariables } from '../api/decide-request';
import { usePendingRequests } from '../api/get-pending-requests';
import { Avatar } from '../../../components/Avatar';
import buttons from '../../../components/buttons.module.css';
import styles from './GroupPage.module.css';

export const FULL_NO_APPROVALS_MESSAGE = 'The group is full: requests can be turned down, not approved.';

/**
 * The owner's list of requests to join this group, each with Reject, and Approve while the server allows
 * approvals (`mayApprove`: not once the group is full).
 */
export function PendingRequests({
  groupProjectId,
  mayApprove,
}: {
  groupProjectId: number;
  mayApprove: boolean;
}) {
  const pending = usePendingRequests(true);
  const decide = useDecideRequest();
  const requests = pending.data?.data.filter((item) => item.groupProjectId === groupProjectId) ?? [];
  const isBusy = (requestUsername: string) =>
    decide.isPending && decide.variables.requestUsername === requestUsername;

  const onDecide = (variables: DecideVariables) =>
    decide.mutate(variables, {
      onSuccess: () =>
        toast.success(
          variables.approve
            ? `${variables.requestUsername} is now a member.`
            : `You turned down ${variables.requestUsername}.`,
        ),
      onError: (error) =>
        toast.error(errorMessage(error, 'That did not work, please try again.', { clientErrorsOnly: true })),
    });

  let content;
  if (pending.isPending) content = <Spinner label="Loading requests" />;
  else if (pending.isError)
    content = (
      <ErrorState
        title="The requests could not be loaded."
        message={errorMessage(pending.error, 'Check your connection and try again.')}
        onRetry={() => void pending.refetch()}
        retrying={pending.isFetching}
      />
    );
  else if (requests.length === 0) content = <p className={styles.muted}>No one is waiting to join.</p>;
  else
    content = (
      <ul className={styles.people} aria-label="Pending requests">
        {requests.map((request) => (
          <li key={request.requestUsername} className={styles.person}>
            <Avatar login={request.requestUsername} avatarUrl={request.requestAvatarUrl} />
            <span className={styles.personText}>
              <span className={styles.login}>{request.requestUsername}</span>
              <span className={styles.muted}>asked {formatRelativeTime(request.requestedAt)}</span>
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
    );

  return (
    <section className={styles.section} aria-labelledby="pending-requests-heading">
      <h2 id="pending-requests-heading" className={styles.sectionHeading}>
        Pending requests
      </h2>
      {mayApprove || requests.length === 0 ? null : (
        <p className={styles.muted}>{FULL_NO_APPROVALS_MESSAGE}</p>
      )}
      {content}
    </section>
  );
}
