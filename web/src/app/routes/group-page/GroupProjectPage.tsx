import { Spinner } from '../../../components/Spinner';
import { CodeSuspense, lazyComponent } from '../../../lib/lazy-component';
import { GroupPage, type DiscussionSlot, type RenderHidden } from '../../../features/groups/routes/GroupPage';
import { useModeratorStatus } from '../../../features/moderation/api/get-moderator-status';
import states from '../../../components/ResultStates.module.css';

/** `/invite/:token` rides in this page's chunk: it leads into a group's page, and costs the first visit less. */
export { InvitePage } from '../../../features/groups/invites/InvitePage';

/** The board and its realtime client load only where a board is shown, not with every page of the site. */
const DiscussionBoard = lazyComponent(
  async () => (await import('../../../features/messages/components/DiscussionBoard')).DiscussionBoard,
);

/** A moderator's Restore on a hidden group's page: loaded only when the page finds the group gone. */
const HiddenGroupRestore = lazyComponent(
  async () => (await import('../../../features/moderation/components/HiddenGroupRestore')).HiddenGroupRestore,
);

/**
 * `/group-projects/:id`: the group (groups feature) with its discussion board (messages feature), and for a
 * moderator the Restore of a hidden group (moderation feature).
 */
export function GroupProjectPage() {
  // Moderators delete any message on a board they can read, as the server allows.
  const { isModerator } = useModeratorStatus();
  return (
    <GroupPage
      renderDiscussion={(slot) => <Board {...slot} isModerator={isModerator} />}
      renderHidden={(slot) => <HiddenRestore {...slot} />}
    />
  );
}

/**
 * The board, with a spinner until its code is in. It and `HiddenRestore` each hold their own Suspense boundary
 * and show their code as soon as it arrives (`CodeSuspense`): what re-renders then is the slot, not the
 * whole page.
 */
function Board({ boardKey, canModerate, isModerator, ...board }: DiscussionSlot & { isModerator: boolean }) {
  return (
    <CodeSuspense
      fallback={
        <div className={states.loading}>
          <Spinner label="Loading the discussion" />
        </div>
      }
    >
      <DiscussionBoard key={boardKey} canModerate={canModerate || isModerator} {...board} />
    </CodeSuspense>
  );
}

/** A moderator's Restore on a hidden group's page. */
function HiddenRestore(slot: Parameters<RenderHidden>[0]) {
  return (
    <CodeSuspense fallback={null}>
      <HiddenGroupRestore {...slot} />
    </CodeSuspense>
  );
}
