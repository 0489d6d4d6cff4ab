import type { GroupSummary, GroupViewer, ViewerRole } from '@openlfg/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { DISCUSSION_ANCHOR } from '../../../lib/discussion-anchor';
import { toastError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../session/session-context';
import { useJoinGroup } from '../api/join-group';
import { useLeaveGroup } from '../api/leave-group';
import { useRequestToJoin } from '../api/request-to-join';
import { statusOf } from '../group-text';
import { isFull, offersTo } from '../viewer';
import { RequestToJoinDialog } from './RequestToJoinDialog';
import buttons from '../../../components/buttons.module.css';
import styles from './MembershipActions.module.css';

export interface MembershipActionsProps {
  group: GroupSummary;
  /** The server's word on what the viewer may do; undefined while it loads (no buttons until then). */
  viewer: GroupViewer | undefined;
  /** On a card the buttons name the group for screen readers and link to its page; on its own page they do not. */
  variant?: 'card' | 'page';
}

const FAILED = 'That did not work, please try again.';
export const FULL_MESSAGE = 'This group is full.';
export const CLOSED_MESSAGE = 'This group is closed to new members.';
export const ARCHIVED_MESSAGE = 'This group is archived.';
export const REQUEST_SENT_MESSAGE = 'Request sent. The owner will decide.';
export const REMOVED_MESSAGE = 'The owner removed you from this group.';

/**
 * Why the viewer does not get in, said in place of Join: the owner removed them, or the group is closed (to them,
 * when the server says so), archived or full.
 */
function noEntryMessage(group: GroupSummary, viewer: GroupViewer): string | null {
  if (viewer.role === 'removed') return REMOVED_MESSAGE;
  const status = statusOf(group, viewer);
  if (status === 'closed') return CLOSED_MESSAGE;
  if (status === 'archived') return ARCHIVED_MESSAGE;
  return status === 'full' || isFull(group) ? FULL_MESSAGE : null;
}

/**
 * The membership buttons the server's viewer block allows: Join or Request to join (nobody signed in: the login
 * modal), Cancel request, Leave; on a card, Open discussion for members and Open group for the owner. Nothing
 * here decides who may do what; a full group that can no longer be joined says so instead.
 */
export function MembershipActions({ group, viewer, variant = 'card' }: MembershipActionsProps) {
  const { openLoginModal } = useSession();
  const { pathname, search } = useLocation();
  const join = useJoinGroup();
  const request = useRequestToJoin();
  const leave = useLeaveGroup();
  // The button pressed gives way to another (Request to join to Cancel request, Join to Leave): once the change
  // is done, focus moves to the button that took its place rather than dropping to the page (a pressed button is
  // disabled while its change runs, which takes focus from it). The answer reaches the cache and the mutation's
  // end in renders of their own, in either order, so focus waits for the render that shows the viewer's new role
  // with its button ready.
  const roleBefore = useRef<ViewerRole | null>(null);
  const [, setChanges] = useState(0);
  /** Once the change asked for as `role` is done: a render, and focus to what then stands in its place. */
  const changedFrom = (role: ViewerRole) => () => {
    roleBefore.current = role;
    setChanges((count) => count + 1);
  };
  // The role the request dialog was opened as, which gives way once the request is sent.
  const askedAs = useRef<ViewerRole | null>(null);
  // A group whose owner asks a question takes the request through a dialog that shows it.
  const [asking, setAsking] = useState(false);
  const entryRef = useRef<HTMLButtonElement>(null);
  const exitRef = useRef<HTMLButtonElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  // Every render: which one shows the new role, ready, is not known in advance.
  useEffect(() => {
    const next = entryRef.current ?? exitRef.current ?? linkRef.current;
    if (roleBefore.current === null || viewer?.role === roleBefore.current) return;
    if (next === null || (next instanceof HTMLButtonElement && next.disabled)) return;
    roleBefore.current = null;
    next.focus();
  });
  if (!viewer) return null;

  const busy = join.isPending || request.isPending || leave.isPending;
  const onCard = variant === 'card';
  const name = onCard ? <VisuallyHidden> {group.title}</VisuallyHidden> : null;
  const groupHref = `/group-projects/${group.groupProjectId}`;
  const fail = (error: Error) => toastError(error, FAILED, { clientErrorsOnly: true });
  const signInFirst = viewer.role === 'anonymous';
  const offer = offersTo(viewer);
  const signIn = () => openLoginModal(`${pathname}${search}`);

  const link =
    onCard && viewer.role === 'owner' ? (
      <Link ref={linkRef} to={groupHref} className={buttons.primary}>
        Open group{name}
      </Link>
    ) : onCard && viewer.role === 'member' ? (
      <Link ref={linkRef} to={`${groupHref}#${DISCUSSION_ANCHOR}`} className={buttons.primary}>
        Open discussion{name}
      </Link>
    ) : null;

  let entry = null;
  if (offer.cancelRequest) {
    entry = (
      <button
        ref={entryRef}
        type="button"
        className={buttons.action}
        disabled={busy}
        onClick={() =>
          request.mutate({ group, request: false }, { onSuccess: changedFrom(viewer.role), onError: fail })
        }
      >
        {request.isPending ? 'Cancelling...' : 'Cancel request'}
        {name}
      </button>
    );
  } else if (offer.join) {
    const onClick = signInFirst
      ? signIn
      : () => {
          const changed = changedFrom(viewer.role);
          join.mutate(group, {
            onSuccess: () => {
              toast.success(`You joined ${group.title}.`);
              changed();
            },
            onError: fail,
          });
        };
    entry = (
      <button ref={entryRef} type="button" className={buttons.primary} disabled={busy} onClick={onClick}>
        {busy ? 'Joining...' : 'Join'}
        {name}
      </button>
    );
  } else if (offer.request) {
    const onClick = signInFirst
      ? signIn
      : group.joinQuestion
        ? () => {
            askedAs.current = viewer.role;
            setAsking(true);
          }
        : () => {
            const changed = changedFrom(viewer.role);
            request.mutate(
              { group, request: true },
              {
                onSuccess: () => {
                  toast.success(REQUEST_SENT_MESSAGE);
                  changed();
                },
                onError: fail,
              },
            );
          };
    entry = (
      <button ref={entryRef} type="button" className={buttons.primary} disabled={busy} onClick={onClick}>
        {busy ? 'Sending...' : 'Request to join'}
        {name}
      </button>
    );
  } else if (!offer.leave && viewer.role !== 'owner' && viewer.role !== 'member') {
    const why = noEntryMessage(group, viewer);
    if (why) entry = <span className={styles.full}>{why}</span>;
  }

  const exit = offer.leave ? (
    <button
      ref={exitRef}
      type="button"
      className={buttons.action}
      disabled={busy}
      onClick={() => {
        const changed = changedFrom(viewer.role);
        leave.mutate(group, {
          onSuccess: () => {
            toast.success(`You left ${group.title}.`);
            changed();
          },
          onError: fail,
        });
      }}
    >
      {leave.isPending ? 'Leaving...' : 'Leave'}
      {name}
    </button>
  ) : null;

  return (
    <>
      {link}
      {entry}
      {exit}
      {group.joinQuestion && offer.request && !signInFirst ? (
        <RequestToJoinDialog
          group={group}
          open={asking}
          onClose={() => setAsking(false)}
          request={request}
          onSent={() => {
            toast.success(REQUEST_SENT_MESSAGE);
            if (askedAs.current !== null) changedFrom(askedAs.current)();
          }}
        />
      ) : null}
    </>
  );
}
