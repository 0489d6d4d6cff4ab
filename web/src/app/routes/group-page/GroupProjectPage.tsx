import { Suspense } from 'react';
import { Spinner } from '../../../components/Spinner';
import { lazyComponent, useShowArrivedCode } from '../../../lib/lazy-component';
import { GroupPage } from '../../../features/groups/routes/GroupPage';
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
  // The board shows as soon as its code is in, not held back behind its spinner.
  useShowArrivedCode();
  return (
    <GroupPage
      renderDiscussion={({ boardKey, canModerate, ...board }) => (
        <Suspense
          fallback={
            <div className={states.loading}>
              <Spinner label="Loading the discussion" />
            </div>
          }
        >
          <DiscussionBoard key={boardKey} canModerate={canModerate || isModerator} {...board} />
        </Suspense>
      )}
      renderHidden={(slot) => (
        <Suspense fallback={null}>
          <HiddenGroupRestore {...slot} />
        </Suspense>
      )}
    />
  );
}
