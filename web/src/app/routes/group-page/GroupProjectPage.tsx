import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/Spinner';
import { GroupPage } from '../../../features/groups/routes/GroupPage';
import { useModeratorStatus } from '../../../features/moderation/api/get-moderator-status';
import states from '../../../components/ResultStates.module.css';

/** `/invite/:token` rides in this page's chunk: it leads into a group's page, and costs the first visit less. */
export { InvitePage } from '../../../features/groups/invites/InvitePage';

/** The board and its realtime client load only where a board is shown, not with every page of the site. */
const DiscussionBoard = lazy(() =>
  import('../../../features/messages/components/DiscussionBoard').then((module) => ({
    default: module.DiscussionBoard,
  })),
);

/** A moderator's Restore on a hidden group's page: loaded only when the page finds the group gone. */
const HiddenGroupRestore = lazy(() =>
  import('../../../features/moderation/components/HiddenGroupRestore').then((module) => ({
    default: module.HiddenGroupRestore,
  })),
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
