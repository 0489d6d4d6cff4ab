import type { MessageAuthor } from '@openlfg/contracts';
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '../../../components/Avatar';
import { PersonMenu } from '../../../components/PersonMenu';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatRelativeTime } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-date-time';
import type { TimelineMessage } from '../timeline';
import { LinkifiedText } from './LinkifiedText';
import { MessageActions } from './MessageActions';
import { MessageEditor } from './MessageEditor';
import { messageAnchor } from '../board';
import styles from './MessageItem.module.css';

export interface MessageItemProps {
  entry: TimelineMessage;
  /** Who "I" am, for the user's own pending messages (the server has not named their author yet). */
  me: Pick<MessageAuthor, 'login' | 'avatarUrl'> | null;
  now: Date;
  onRetry: (clientId: string) => void;
  /** Under the previous message's header (same author, within minutes): no avatar or name on screen. */
  continued?: boolean;
  /** The reader wrote it: set apart from the others. */
  mine?: boolean;
  canEdit?: boolean;
  canDelete?: boolean;
  /** The reader blocked its author: folded away until they choose to show it. */
  fromBlocked?: boolean;
}

export function MessageItem({
  entry,
  me,
  now,
  onRetry,
  continued = false,
  mine = false,
  canEdit = false,
  canDelete = false,
  fromBlocked = false,
}: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState(false);
  const { author, text, createdAt } =
    entry.kind === 'stored'
      ? entry.message
      : {
          author: me ?? { login: 'You', avatarUrl: null },
          text: entry.pending.text,
          createdAt: entry.pending.createdAt,
        };
  const status = entry.kind === 'pending' ? entry.pending.status : 'stored';
  const stored = entry.kind === 'stored' ? entry.message : null;
  const deleted = Boolean(stored?.deletedAt);
  const item = useRef<HTMLLIElement>(null);
  const wasEditing = useRef(false);
  const wasDeleted = useRef(deleted);
  // The control used goes away (the editor on save or cancel, Delete with the deleted text): focus goes to
  // what replaced it, the message's Edit button or the board's log, rather than to the page's body.
  useEffect(() => {
    const focusFell = document.activeElement === null || document.activeElement === document.body;
    if (wasEditing.current && !editing && focusFell) {
      item.current?.querySelector<HTMLButtonElement>('[data-message-action="edit"]')?.focus();
    }
    if (!wasDeleted.current && deleted && focusFell) {
      item.current?.closest<HTMLElement>('[role="log"]')?.focus();
    }
    wasEditing.current = editing;
    wasDeleted.current = deleted;
  }, [editing, deleted]);
  const className = [
    styles.message,
    status === 'stored' ? null : styles[status],
    continued ? styles.continued : null,
    mine ? styles.mine : null,
  ]
    .filter(Boolean)
    .join(' ');

  const time = (
    <time dateTime={createdAt} title={formatDateTime(createdAt)} className={styles.time}>
      {formatRelativeTime(createdAt, now)}
    </time>
  );
  const edited =
    stored?.editedAt && !deleted ? (
      <span className={styles.edited} title={`Edited ${formatDateTime(stored.editedAt)}`}>
        edited
      </span>
    ) : null;

  return (
    <li ref={item} className={className} id={stored ? messageAnchor(stored.id) : undefined}>
      {continued ? (
        <span className={styles.avatarSpace} aria-hidden="true" />
      ) : (
        <Avatar login={author.login} avatarUrl={author.avatarUrl} size="small" />
      )}
      <div className={styles.body}>
        {continued ? (
          // The header is shown once per run of messages; screen readers still hear who wrote each one.
          <VisuallyHidden>
            {author.login} {time}
          </VisuallyHidden>
        ) : (
          <p className={styles.meta}>
            <span className={styles.author}>{author.login}</span>
            {mine ? <span className={styles.you}>(you)</span> : null}
            <PersonMenu
              login={author.login}
              enabled={me !== null && !mine && stored !== null && stored.author.id !== 0}
            />{' '}
            {time}
          </p>
        )}
        {deleted ? (
          <p className={styles.deleted}>Message deleted</p>
        ) : fromBlocked && !shown ? (
          <p className={styles.deleted}>
            Message from a user you blocked —{' '}
            <button type="button" className={styles.retry} onClick={() => setShown(true)}>
              show
            </button>
          </p>
        ) : stored && editing ? (
          <MessageEditor message={stored} onDone={() => setEditing(false)} />
        ) : (
          <p className={styles.text}>
            <LinkifiedText text={text} myLogin={me?.login ?? null} />
            {edited ? <> {edited}</> : null}
          </p>
        )}
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
      {stored && !deleted && !editing && (canEdit || canDelete) ? (
        <MessageActions
          message={stored}
          mine={mine}
          canEdit={canEdit}
          canDelete={canDelete}
          onEdit={() => setEditing(true)}
        />
      ) : null}
    </li>
  );
}
