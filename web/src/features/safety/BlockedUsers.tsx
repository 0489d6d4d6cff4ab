import { Avatar } from '../../components/Avatar';
import buttons from '../../components/buttons.module.css';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/error-message';
import { useBlockedUsers, useSetBlocked } from '../../lib/people';
import { toast } from '../../lib/toast';
import { useSession } from '../../session/session-context';
import styles from './BlockedUsers.module.css';

/**
 * The settings page's list of people the user blocked, each with Unblock. Blocking happens beside a person's
 * name (their "..." menu); here it is undone.
 */
export function BlockedUsers() {
  const { isLoggedIn } = useSession();
  const blocked = useBlockedUsers(isLoggedIn);
  const setBlocked = useSetBlocked();
  if (!isLoggedIn) return null;

  const unblock = (login: string) =>
    setBlocked.mutate(
      { login, blocked: false },
      {
        onSuccess: () => toast.success(`Unblocked ${login}.`),
        onError: (error) => toast.error(errorMessage(error, 'That did not work, please try again.')),
      },
    );

  return (
    <section className={styles.panel} aria-labelledby="blocked-users-heading">
      <h2 id="blocked-users-heading" className={styles.heading}>
        Blocked users
      </h2>
      <p className={styles.hint}>
        People you blocked cannot join or ask to join your groups, do not notify you, and their messages are
        folded away for you. They are not told.
      </p>
      {blocked.isPending ? (
        <Spinner label="Loading the people you blocked" />
      ) : blocked.isError ? (
        <p className={styles.hint}>
          {errorMessage(blocked.error, 'Your blocked users could not be loaded.')}
        </p>
      ) : blocked.data.data.length === 0 ? (
        <p className={styles.hint}>You have not blocked anyone.</p>
      ) : (
        <ul className={styles.list} aria-label="Blocked users">
          {blocked.data.data.map((user) => (
            <li key={user.login} className={styles.person}>
              <Avatar login={user.login} avatarUrl={user.avatarUrl} size="small" />
              <span className={styles.login}>{user.login}</span>
              <button
                type="button"
                className={buttons.action}
                aria-label={`Unblock ${user.login}`}
                aria-disabled={setBlocked.isPending || undefined}
                onClick={() => unblock(user.login)}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
