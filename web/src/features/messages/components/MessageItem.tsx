import type { MessageAuthor } from '@openlfg/contracts';
import { Avatar } from '../../../components/Avatar';
import { formatRelativeTime } from '../../../lib/format';
import type { TimelineMessage } from '../timeline';
import { LinkifiedText } from './LinkifiedText';
import styles from './MessageItem.module.css';

export interface MessageItemProps {
  entry: TimelineMessage;
  /** Who "I" am, for the user's own pending messages (the server has not named their author yet). */
  me: Pick<MessageAuthor, 'login' | 'avatarUrl'> | null;
  now: Date;
  onRetry: (clientId: string) => void;
}

export function MessageItem({ entry, me, now, onRetry }: MessageItemProps) {
  const { author, text, createdAt } =
    entry.kind === 'stored'
      ? entry.message
      : {
          author: me ?? { login: 'You', avatarUrl: null },
          text: entry.pending.text,
          createdAt: entry.pending.createdAt,
        };
  const status = entry.kind === 'pending' ? entry.pending.status : 'stored';

  return (
    <li className={status === 'stored' ? styles.message : `${styles.message} ${styles[status]}`}>
      <Avatar login={author.login} avatarUrl={author.avatarUrl} size="small" />
      <div className={styles.body}>
        <p className={styles.meta}>
          <span className={styles.author}>{author.login}</span>{' '}
          <time
            dateTime={createdAt}
            title={new Date(createdAt).toLocaleString('en-US')}
            className={styles.time}
          >
            {formatRelativeTime(createdAt, now)}
          </time>
        </p>
        <p className={styles.text}>
          <LinkifiedText text={text} />
        </p>
        {status === 'sending' ? <p className={styles.state}>Sending...</p> : null}
        {entry.kind === 'pending' && status === 'failed' ? (
          <p className={styles.failedNote} role="alert">
            Not sent.{' '}
            <button type="button" className={styles.retry} onClick={() => onRetry(entry.pending.clientId)}>
              Retry
            </button>
          </p>
        ) : null}
      </div>
    </li>
  );
}
