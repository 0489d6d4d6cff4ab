import styles from './Avatar.module.css';

export interface AvatarProps {
  login: string;
  avatarUrl: string | null;
  /** 40px beside a member, 32px beside a chat message. */
  size?: 'medium' | 'small';
}

/** A user's avatar, or the first letter of their login when they have none. Decorative: the login is beside it. */
export function Avatar({ login, avatarUrl, size = 'medium' }: AvatarProps) {
  const pixels = size === 'small' ? 32 : 40;
  const className = size === 'small' ? `${styles.avatar} ${styles.small}` : styles.avatar;
  return avatarUrl ? (
    <img src={avatarUrl} alt="" width={pixels} height={pixels} className={className} />
  ) : (
    <span className={`${className} ${styles.initial}`} aria-hidden="true">
      {login.charAt(0).toUpperCase()}
    </span>
  );
}
