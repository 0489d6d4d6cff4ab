import type { RoomClosedReason } from '@openlfg/contracts';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useUserInfo } from '../../../session/api/user-info';
import { useSession } from '../../../session/session-context';
import { DISCUSSION_ANCHOR } from '../../../lib/discussion-anchor';
import { useRealtimeSession, useRealtimeStatus } from '../../../realtime/use-realtime';
import { withAuthors, type MentionCandidate } from '../mention-completion';
import { useDiscussionBoard } from '../use-discussion-board';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import styles from './DiscussionBoard.module.css';

export const CLOSED_TEXT: Record<RoomClosedReason, string> = {
  forbidden: 'You can no longer read this discussion.',
  'not-found': 'This group no longer exists.',
  'too-many-rooms': 'Too many discussions are open in this browser. Close a few tabs, then reload this page.',
};

export interface DiscussionBoardProps {
  groupProjectId: number;
  /** `discussion-board-{groupProjectId}`, as discussion-info names it. */
  room: string;
  /** Members and the owner post and have their reads recorded; everyone else who may read only reads. */
  canPost: boolean;
  /** The group's owner, or a moderator: deletes anyone's messages on this board. */
  canModerate?: boolean;
  /** The group's members, offered when the user types "@" in the composer. */
  members?: MentionCandidate[];
  /** Shown instead of the composer to readers who may not post (the way to join). */
  readOnlyPrompt?: ReactNode;
  /** The server stopped the room (left, removed, group hidden or deleted): the page re-checks what to show. */
  onAccessLost?: (reason: RoomClosedReason) => void;
}

export function DiscussionBoard({
  groupProjectId,
  room,
  canPost,
  canModerate = false,
  members = [],
  readOnlyPrompt,
  onAccessLost,
}: DiscussionBoardProps) {
  useRealtimeSession();
  const { isLoggedIn } = useSession();
  const me = useUserInfo(isLoggedIn).data?.user ?? null;
  const board = useDiscussionBoard({ groupProjectId, room, recordsReads: canPost });
  const { history, closedReason } = board;
  const mentionable = useMemo(() => withAuthors(members, board.timeline), [members, board.timeline]);
  const status = useRealtimeStatus();
  const section = useRef<HTMLElement>(null);
  const headingId = useId();
  const { hash } = useLocation();

  useEffect(() => {
    if (closedReason) onAccessLost?.(closedReason);
  }, [closedReason, onAccessLost]);

  // The page loads before the board does, so the browser's own jump to #discussion finds nothing: do it here.
  const loaded = history.isSuccess;
  useEffect(() => {
    if (loaded && hash === `#${DISCUSSION_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  let content: ReactNode;
  if (history.isPending) {
    content = (
      <div className={styles.loading}>
        <Spinner label="Loading the discussion" />
      </div>
    );
  } else if (history.isError) {
    content = (
      <ErrorState
        title="The discussion could not be loaded."
        message={errorMessage(history.error, 'Check your connection and try again.')}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  } else {
    content = (
      <>
        <MessageList
          timeline={board.timeline}
          me={me}
          canPost={canPost && closedReason === null}
          canModerate={canModerate && closedReason === null}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          onLoadOlder={() => void history.fetchNextPage()}
          onRetry={board.retry}
          onSeeNewest={board.sawNewest}
        />
        {history.isFetchNextPageError ? (
          <p role="alert" className={styles.notice}>
            Older messages could not be loaded. Scroll up to try again.
          </p>
        ) : null}
        {closedReason ? (
          <p role="status" className={styles.notice}>
            {CLOSED_TEXT[closedReason]}
          </p>
        ) : canPost ? (
          <Composer onSend={board.send} members={mentionable} myLogin={me?.login ?? null} />
        ) : (
          <div className={styles.readOnly}>{readOnlyPrompt}</div>
        )}
      </>
    );
  }

  return (
    <section ref={section} id={DISCUSSION_ANCHOR} className={styles.board} aria-labelledby={headingId}>
      <div className={styles.heading}>
        <h2 id={headingId} className={styles.title}>
          Discussion
        </h2>
        {history.isSuccess && (status === 'reconnecting' || status === 'session-ended') ? (
          <p role="status" className={styles.reconnecting}>
            Reconnecting…
          </p>
        ) : null}
      </div>
      {content}
    </section>
  );
}
