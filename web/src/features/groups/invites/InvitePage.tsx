import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { FOCUS_HEADING_STATE, useHeadingFocus } from '../../../lib/heading-focus';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../session/session-context';
import buttons from '../../../components/buttons.module.css';
import styles from '../components/GroupPage.module.css';
import { useInvitePreview, useJoinByInvite } from './invites-api';

export const INVITE_HEADINGS = {
  INVITE_EXPIRED: 'This invite link has expired.',
  INVITE_REVOKED: 'This invite link was revoked.',
  INVITE_USED_UP: 'This invite link has been used up.',
  REMOVED_FROM_GROUP: 'The owner removed you from this group.',
  invalid: 'This invite link is not valid.',
  refused: 'This invite link cannot let you in.',
  signIn: 'You have been invited to join a group.',
} as const;

/** The sign-in prompt's heading, naming the group once the link's preview has told it. */
export function invitedTo(title: string): string {
  return `You have been invited to join ${title}.`;
}

/** What a link that cannot be used says: its heading by the server's code, and the server's own words. */
function refusalOf(error: unknown): { heading: string; text: string } | null {
  if (!isApiError(error) || error.status >= 500 || error.status === 429) return null;
  const text = error.serverMessage ?? 'Ask the group’s owner for a new link.';
  if (error.code && Object.hasOwn(INVITE_HEADINGS, error.code)) {
    return { heading: INVITE_HEADINGS[error.code as keyof typeof INVITE_HEADINGS], text };
  }
  if (error.status === 404 || error.status === 400) return { heading: INVITE_HEADINGS.invalid, text };
  // A full or closed group, a group a moderator hid, or a member opening a link to their own group.
  return { heading: INVITE_HEADINGS.refused, text };
}

/**
 * `/invite/<token>`: a signed-in user joins the group at once and lands on its page; nobody signed in is asked
 * to sign in and comes back here (the sign-in's return path), then joins; a link that cannot be used says why.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const { isLoggedIn, isLoginLoading, openLoginModal } = useSession();
  const navigate = useNavigate();
  const join = useJoinByInvite();
  // Signed out, the link's group is named before the visitor signs in (and a dead link says so at once).
  const preview = useInvitePreview(token, !isLoginLoading && !isLoggedIn);
  const started = useRef(false);
  useDocumentTitle('Group invitation');

  // Joins, then opens the group's page in place of the link (Back does not come back to a used link).
  const { mutate } = join;
  const attempt = useCallback(
    () =>
      mutate(token, {
        onSuccess: (answer) => {
          toast.success('You joined the group.');
          void navigate(`/group-projects/${answer.groupProjectId}`, {
            replace: true,
            state: FOCUS_HEADING_STATE,
          });
        },
      }),
    [mutate, navigate, token],
  );

  // Once, as soon as the session says who is here (StrictMode's second effect run included).
  useEffect(() => {
    if (isLoginLoading || !isLoggedIn || started.current) return;
    started.current = true;
    attempt();
  }, [isLoginLoading, isLoggedIn, attempt]);

  if (isLoginLoading || (isLoggedIn && !join.isError)) {
    return (
      <div className={styles.loading}>
        <Spinner size="large" label="Joining the group" />
      </div>
    );
  }
  const deadLink = isLoggedIn ? null : refusalOf(preview.error);
  if (deadLink) {
    return (
      <InviteState heading={deadLink.heading} text={deadLink.text}>
        <Link to="/group-projects" className={styles.link}>
          Browse the groups
        </Link>
      </InviteState>
    );
  }
  if (!isLoggedIn) {
    return (
      <InviteState
        heading={preview.data ? invitedTo(preview.data.title) : INVITE_HEADINGS.signIn}
        text="Sign in with GitHub to join it."
      >
        <button type="button" className={buttons.primary} onClick={() => openLoginModal(`/invite/${token}`)}>
          Sign in to join
        </button>
      </InviteState>
    );
  }
  const refusal = refusalOf(join.error);
  if (!refusal) {
    return (
      <ErrorState
        title="Could not join the group."
        message={errorMessage(join.error, 'Check your connection and try again.')}
        onRetry={attempt}
        retrying={join.isPending}
      />
    );
  }
  return (
    <InviteState heading={refusal.heading} text={refusal.text}>
      <Link to="/group-projects" className={styles.link}>
        Browse the groups
      </Link>
    </InviteState>
  );
}

function InviteState({ heading, text, children }: { heading: string; text: string; children: ReactNode }) {
  const headingRef = useHeadingFocus<HTMLHeadingElement>();
  return (
    <section className={styles.state} aria-labelledby="invite-heading">
      <h1 ref={headingRef} id="invite-heading" className={styles.title} tabIndex={-1}>
        {heading}
      </h1>
      <p>{text}</p>
      <p>{children}</p>
    </section>
  );
}
