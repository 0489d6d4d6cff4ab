import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/Spinner';
import { GroupPage } from '../../../features/groups/routes/GroupPage';
import states from '../../../components/ResultStates.module.css';

/** `/invite/:token` rides in this page's chunk: it leads into a group's page, and costs the first visit less. */
export { InvitePage } from '../../../features/groups/invites/InvitePage';

/** The board and its realtime client load only where a board is shown, not with every page of the site. */
const DiscussionBoard = lazy(() =>
  import('../../../features/messages/components/DiscussionBoard').then((module) => ({
    default: module.DiscussionBoard,
  })),
);

/** `/group-projects/:id`: the group (groups feature) with its discussion board (messages feature). */
export function GroupProjectPage() {
  return (
    <GroupPage
      renderDiscussion={({ boardKey, ...board }) => (
        <Suspense
          fallback={
            <div className={states.loading}>
              <Spinner label="Loading the discussion" />
            </div>
          }
        >
          <DiscussionBoard key={boardKey} {...board} />
        </Suspense>
      )}
    />
  );
}
