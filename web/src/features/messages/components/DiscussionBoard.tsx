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
import { useLinkedMessage } from '../use-linked-message';
import { isProjectRoom, roomOf, type BoardRef } from '../board';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import styles from './DiscussionBoard.module.css';

export const CLOSED_TEXT: Record<RoomClosedReason, string> = {
  forbidden: 'You can no longer read this discussion.',
  'not-found': 'This group no longer exists.',
  'too-many-rooms': 'Too many discussions are open in this browser. Close a few tabs, then reload this page.',
};
/** A project's room closes only when the project leaves the catalogue (or the browser follows too many). */
const ROOM_CLOSED_TEXT: Record<RoomClosedReason, string> = {
  ...CLOSED_TEXT,
  'not-found': 'This project is no longer in the catalogue.',
};
/** The anchor of a project's room on its page: `/projects/{owner}/{name}#room`. */
export const ROOM_ANCHOR = 'room';

/**
 * The board it shows is a group's (`groupProjectId`) or a project's room (`projectId`): one component, the
 * same history, realtime, edits, mentions and moderation for both.
 */
export type DiscussionBoardProps = BoardRef & {
  /** `discussion-board-{groupProjectId}` as discussion-info names it; worked out from the board when absent. */
  room?: string;
  /** The heading: "Discussion" on a group's page. */
  title?: string;
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
};

export function DiscussionBoard(props: DiscussionBoardProps) {
  const {
    canPost,
    canModerate = false,
    members = [],
    readOnlyPrompt,
    onAccessLost,
    title = 'Discussion',
  } = props;
  const projectId = 'projectId' in props ? props.projectId : null;
  const groupProjectId = 'groupProjectId' in props ? props.groupProjectId : null;
  const ref = useMemo<BoardRef>(
    () => (projectId !== null ? { projectId } : { groupProjectId: groupProjectId ?? 0 }),
    [projectId, groupProjectId],
  );
  const room = props.room ?? roomOf(ref);
  const closedText = isProjectRoom(ref) ? ROOM_CLOSED_TEXT : CLOSED_TEXT;
  const anchor = isProjectRoom(ref) ? ROOM_ANCHOR : DISCUSSION_ANCHOR;
  useRealtimeSession();
  const { isLoggedIn } = useSession();
  const me = useUserInfo(isLoggedIn).data?.user ?? null;
  const board = useDiscussionBoard({ board: ref, room, recordsReads: canPost });
  const { history, closedReason } = board;
  const mentionable = useMemo(() => withAuthors(members, board.timeline), [members, board.timeline]);
  const section = useRef<HTMLElement>(null);
  const headingId = useId();
  const { hash } = useLocation();

  useEffect(() => {
    if (closedReason) onAccessLost?.(closedReason);
  }, [closedReason, onAccessLost]);

  const linked = useLinkedMessage(history, hash, anchor, section);

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
        {linked ? (
          <p role="status" className={styles.notice}>
            {linked === 'gone'
              ? 'The message you followed is no longer in this discussion.'
              : 'The message you followed is further back: load older messages to find it.'}
          </p>
        ) : null}
        {history.isFetchNextPageError ? (
          <p role="alert" className={styles.notice}>
            Older messages could not be loaded. Scroll up to try again.
          </p>
        ) : null}
        {closedReason ? (
          <p role="status" className={styles.notice}>
            {closedText[closedReason]}
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
    <section ref={section} id={anchor} className={styles.board} aria-labelledby={headingId}>
      <div className={styles.heading}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {history.isSuccess ? <ReconnectingNotice /> : null}
      </div>
      {content}
    </section>
  );
}

/**
 * "Reconnecting…" while the socket is down. Only this line follows the socket's status: the board rendered
 * again at each change of it (connecting, then open, as every page with a board starts), every message shown with
 * it, at once (a store's change), inside the socket's first frame.
 */
function ReconnectingNotice() {
  const status = useRealtimeStatus();
  if (status !== 'reconnecting' && status !== 'session-ended') return null;
  return (
    <p role="status" className={styles.reconnecting}>
      Reconnecting…
    </p>
  );
}
