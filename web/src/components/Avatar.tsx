import styles from './GroupPage.module.css';

/** A user's avatar, or the first letter of their login when they have none. */
export function Avatar({ login, avatarUrl }: { login: string; avatarUrl: string | null }) {
  return avatarUrl ? (
    <img src={avatarUrl} alt="" width={40} height={40} className={styles.avatar} />
  ) : (
    <span className={`${styles.avatar} ${styles.initial}`} aria-hidden="true">
      {login.charAt(0).toUpperCase()}
    </span>
  );
}
