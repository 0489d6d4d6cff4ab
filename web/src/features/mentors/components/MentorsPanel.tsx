import type { Mentor } from '@openlfg/contracts';
import { Link } from 'react-router';
import { useId } from 'react';
import { profileHref } from '../../../lib/profile-links';
import { Avatar } from '../../../components/Avatar';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import buttons from '../../../components/buttons.module.css';
import { errorMessage } from '../../../lib/error-message';
import { useUserInfo } from '../../../session/api/user-info';
import { useSignInPrompt } from '../../../session/use-sign-in-prompt';
import { useMentors } from '../api/get-mentors';
import { AskMentorForm } from './AskMentorForm';
import { VolunteerForm } from './VolunteerForm';
import styles from './MentorsPanel.module.css';

export interface MentorsPanelProps {
  projectId: number;
  /** owner/name, as the page names the project. */
  fullName: string;
}

/** "Helps 1 of 2 newcomers at a time", or that they are full. */
function capacityText(mentor: Mentor): string {
  const newcomers = `${mentor.capacity} newcomer${mentor.capacity === 1 ? '' : 's'}`;
  if (mentor.newcomers >= mentor.capacity) return `Helping ${newcomers} now: not taking more`;
  return `Helping ${mentor.newcomers} of ${newcomers} at a time`;
}

/**
 * A project's mentors: who they are and what they help with (anyone sees them), "Ask a mentor" (the question
 * goes into the project's room and each mentor is told), and volunteering or stepping down for the signed-in.
 */
export function MentorsPanel({ projectId, fullName }: MentorsPanelProps) {
  const headingId = useId();
  const mentors = useMentors(projectId);
  const account = useSignInPrompt();
  const me = useUserInfo(account.signedIn === true).data?.user ?? null;
  const list = mentors.data?.data ?? [];
  const mine = me ? list.find((mentor) => mentor.user.id === me.id) : undefined;
  const others = list.filter((mentor) => mentor.user.id !== me?.id);
  // A full mentor still answers the newcomers they help, so the form stays; it says when all are full.
  const allFull = others.length > 0 && others.every((mentor) => mentor.newcomers >= mentor.capacity);

  let content;
  if (mentors.isPending) {
    content = <Spinner label="Loading the mentors" />;
  } else if (mentors.isError) {
    content = (
      <ErrorState
        title="The mentors could not be loaded."
        message={errorMessage(mentors.error, 'Check your connection and try again.')}
        onRetry={() => void mentors.refetch()}
        retrying={mentors.isFetching}
      />
    );
  } else if (list.length === 0) {
    content = <p className={styles.empty}>No one mentors {fullName} yet. Volunteer to be the first.</p>;
  } else {
    content = (
      <ul className={styles.list}>
        {list.map((mentor) => (
          <li key={mentor.user.id} className={styles.mentor}>
            <Avatar login={mentor.user.login} avatarUrl={mentor.user.avatarUrl} size="small" />
            <div>
              <p className={styles.login}>
                <Link to={profileHref(mentor.user.login)}>{mentor.user.login}</Link>
              </p>
              <p className={styles.helpWith}>{mentor.helpWith}</p>
              <p className={styles.capacity}>{capacityText(mentor)}</p>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Mentors
      </h2>
      {content}
      {account.signedIn === false ? (
        <p>
          <button type="button" className={buttons.link} onClick={account.askToSignIn}>
            Sign in
          </button>{' '}
          to ask a mentor or to volunteer as one.
        </p>
      ) : null}
      {account.signedIn && others.length > 0 ? (
        <AskMentorForm projectId={projectId} allFull={allFull} />
      ) : null}
      {account.signedIn && mentors.isSuccess ? <VolunteerForm projectId={projectId} mine={mine} /> : null}
    </section>
  );
}
