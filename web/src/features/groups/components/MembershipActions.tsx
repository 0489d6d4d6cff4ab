import type { GroupProject } from '@openlfg/contracts';
import { Link, useLocation } from 'react-router';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { DISCUSSION_ANCHOR } from '../../../lib/discussion-anchor';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../session/session-context';
import { useJoinGroup } from '../api/join-group';
import { useLeaveGroup } from '../api/leave-group';
import { useRequestToJoin } from '../api/request-to-join';
import type { ListViewerRole } from '../use-viewer-role';
import styles from '../../../components/buttons.module.css';

export interface MembershipActionsProps {
  group: GroupProject;
  role: ListViewerRole;
  /** On a card the buttons name the group for screen readers and link to its page; on its own page they do not. */
  variant?: 'card' | 'page';
}

const FAILED = 'That did not work, please try again.';

/**
 * The button(s) matching where the viewer stands: Join or Request to join (anonymous: the login modal),
 * Cancel request, Open discussion and Leave for members, Open group for the owner.
 */
export function MembershipActions({ group, role, variant = 'card' }: MembershipActionsProps) {
  const { openLoginModal } = useSession();
  const { pathname, search } = useLocation();
  const join = useJoinGroup();
  const request = useRequestToJoin();
  const leave = useLeaveGroup();
  const busy = join.isPending || request.isPending || leave.isPending;
  const onCard = variant === 'card';
  const name = onCard ? <VisuallyHidden> {group.title}</VisuallyHidden> : null;
  const groupHref = `/group-projects/${group.groupProjectId}`;
  const fail = (error: Error) => toast.error(errorMessage(error, FAILED, { clientErrorsOnly: true }));
  const isPrivate = group.visibility === 'private';

  if (role === 'loading') return null;

  if (role === 'owner') {
    return onCard ? (
      <Link to={groupHref} className={styles.primary}>
        Open group{name}
      </Link>
    ) : null;
  }

  if (role === 'member') {
    return (
      <>
        {onCard ? (
          <Link to={`${groupHref}#${DISCUSSION_ANCHOR}`} className={styles.primary}>
            Open discussion{name}
          </Link>
        ) : null}
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          onClick={() =>
            leave.mutate(group, {
              onSuccess: () => toast.success(`You left ${group.title}.`),
              onError: fail,
            })
          }
        >
          {leave.isPending ? 'Leaving...' : 'Leave'}
          {name}
        </button>
      </>
    );
  }

  if (role === 'requester') {
    return (
      <button
        type="button"
        className={styles.action}
        disabled={busy}
        onClick={() => request.mutate({ group, request: false }, { onError: fail })}
      >
        {request.isPending ? 'Cancelling...' : 'Cancel request'}
        {name}
      </button>
    );
  }

  const label = isPrivate ? 'Request to join' : 'Join';
  const onClick = () => {
    if (role === 'anonymous') {
      openLoginModal(`${pathname}${search}`);
    } else if (isPrivate) {
      request.mutate(
        { group, request: true },
        { onSuccess: () => toast.success('Request sent. The owner will decide.'), onError: fail },
      );
    } else {
      join.mutate(group, { onSuccess: () => toast.success(`You joined ${group.title}.`), onError: fail });
    }
  };
  return (
    <button type="button" className={styles.primary} disabled={busy} onClick={onClick}>
      {busy ? (isPrivate ? 'Sending...' : 'Joining...') : label}
      {name}
    </button>
  );
}
