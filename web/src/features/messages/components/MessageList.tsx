import type { MessageAuthor } from '@openlfg/contracts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useBlockedLogins } from '../../../lib/people';
import { continuesGroup, timelineKey, withDaySeparators, type TimelineMessage } from '../timeline';
import { useNow } from '../use-now';
import { MessageItem } from './MessageItem';
import styles from './MessageList.module.css';

/** Closer than this to an edge counts as being there (sub-pixel rounding, a last line half in view). */
const EDGE_PX = 48;

export interface MessageListProps {
  timeline: TimelineMessage[];
  me: Pick<MessageAuthor, 'id' | 'login' | 'avatarUrl'> | null;
  /** The reader may post: they edit and delete their own messages. */
  canPost?: boolean;
  /** The group's owner or a moderator: they delete anyone's messages. */
  canModerate?: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  /** The newest message is in view (called again whenever a newer one arrives while it is). */
  onSeeNewest: () => void;
}

/**
 * The board's scrolling log, oldest at the top. It follows new messages only while the reader is at the bottom
 * (or just sent one), so someone reading older messages is not pulled away; scrolling to the top loads older
 * pages and keeps the message under the reader's eyes where it was.
 */
export function MessageList({
  timeline,
  me,
  canPost = false,
  canModerate = false,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onSeeNewest,
}: MessageListProps) {
  const now = useNow();
  // Whom the reader blocked: their messages fold away, those that arrive live included.
  const blocked = useBlockedLogins(me !== null);
  const entries = useMemo(() => withDaySeparators(timeline, now), [timeline, now]);
  const scroller = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  /** Where the list stood at its last render: to tell a prepended page from an appended message. */
  const rendered = useRef<{ firstKey: string | null; lastKey: string | null; scrollHeight: number } | null>(
    null,
  );
  const followBottom = useRef(true);

  const first = timeline[0];
  const last = timeline.at(-1);
  const firstKey = first ? timelineKey(first) : null;
  const lastKey = last ? timelineKey(last) : null;
  const lastIsMineJustSent = last?.kind === 'pending' && last.pending.status === 'sending';

  // After every render, so that `rendered` always holds the height the reader last saw.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = rendered.current;
    if (before === null || lastKey !== before.lastKey) {
      // First render, a new message, or the user's own: stay with the newest while the reader was there.
      if (before === null || followBottom.current || lastIsMineJustSent) {
        element.scrollTop = element.scrollHeight;
        followBottom.current = true;
      }
    } else if (firstKey !== before.firstKey) {
      // Older messages went in above: keep what the reader was looking at in place.
      element.scrollTop += element.scrollHeight - before.scrollHeight;
    }
    rendered.current = { firstKey, lastKey, scrollHeight: element.scrollHeight };
  });

  useEffect(() => {
    if (!atBottom || lastKey === null) return;
    onSeeNewest();
    // Messages that came while the tab was in the background are read when the user comes back to it.
    const onVisible = () => {
      if (document.visibilityState === 'visible') onSeeNewest();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [atBottom, lastKey, onSeeNewest]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight <= EDGE_PX;
    followBottom.current = bottom;
    setAtBottom(bottom);
    if (element.scrollTop <= EDGE_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  const jumpToNewest = () => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    followBottom.current = true;
    setAtBottom(true);
  };

  return (
    <div className={styles.frame}>
      <div
        ref={scroller}
        className={styles.scroller}
        onScroll={onScroll}
        role="log"
        aria-label="Messages"
        // The log is focusable so keyboard users can scroll it.
        tabIndex={0}
      >
        {hasOlder ? (
          <div className={styles.older}>
            {loadingOlder ? (
              <Spinner size="small" label="Loading older messages" />
            ) : (
              <button type="button" className={styles.olderButton} onClick={onLoadOlder}>
                Load older messages
              </button>
            )}
          </div>
        ) : null}
        {timeline.length === 0 ? (
          <p className={styles.empty}>No messages yet. Say hello!</p>
        ) : (
          <ol className={styles.list}>
            {entries.map((entry, index) => {
              if (entry.kind === 'day') {
                return (
                  <li key={entry.key} className={styles.day}>
                    <span>{entry.label}</span>
                  </li>
                );
              }
              const mine = entry.kind === 'pending' || (me !== null && entry.message.author.id === me.id);
              const fromBlocked =
                entry.kind === 'stored' &&
                (entry.message.authorBlocked === true ||
                  blocked.has(entry.message.author.login.toLowerCase()));
              return (
                <MessageItem
                  key={timelineKey(entry)}
                  entry={entry}
                  me={me}
                  now={now}
                  onRetry={onRetry}
                  continued={continuesGroup(entries[index - 1], entry, me?.id ?? null)}
                  mine={mine}
                  fromBlocked={fromBlocked}
                  canEdit={mine && canPost}
                  canDelete={(mine && canPost) || canModerate}
                />
              );
            })}
          </ol>
        )}
      </div>
      {atBottom ? null : (
        <button type="button" className={styles.jump} onClick={jumpToNewest}>
          Jump to the newest
        </button>
      )}
    </div>
  );
}
