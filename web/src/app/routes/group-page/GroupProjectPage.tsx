import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/Spinner';
import { GroupPage } from '../../../features/groups/routes/GroupPage';
import states from '../../../components/ResultStates.module.css';

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
