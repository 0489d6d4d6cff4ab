import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { profileHref } from '../../lib/profile-links';
import { useUserInfo } from '../api/user-info';
import styles from './AccountCard.module.css';

/** Who is signed in: avatar, name and GitHub login, linking to their GitHub profile and their profile here. */
export function AccountCard() {
  const { data, isPending, isError } = useUserInfo(true);
  if (isPending) return <Spinner />;
  if (isError) {
    return (
      <p className={styles.error} role="alert">
        Your profile could not be loaded. Please reload the page.
      </p>
    );
  }
  const { user } = data;
  return (
    <div className={styles.card}>
      {user.avatarUrl ? (
        <img className={styles.avatar} src={user.avatarUrl} alt="" width={48} height={48} />
      ) : (
        <span className={styles.initial} aria-hidden="true">
          {user.login.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div>
        <p className={styles.name}>Signed in as {user.name ?? user.login}</p>
        <a className={styles.login} href={user.profileUrl} target="_blank" rel="noreferrer">
          @{user.login} on GitHub
        </a>
        <p className={styles.links}>
          <Link to={profileHref(user.login)}>Your profile</Link>
          {' · '}
          <Link to="/settings/profile">Edit profile</Link>
        </p>
      </div>
    </div>
  );
}
