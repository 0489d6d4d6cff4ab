import { Spinner } from '../../../components/Spinner';
import buttons from '../../../components/buttons.module.css';
import { CodeSuspense, lazyComponent } from '../../../lib/lazy-component';
import { useModeratorStatus } from '../../../features/moderation/api/get-moderator-status';
import { useSignInPrompt } from '../../../session/use-sign-in-prompt';
import states from '../../../components/ResultStates.module.css';
import type { ProjectSlot } from '../../../features/projects/project-page/ProjectPage';

/** The board and its realtime client load only where a board is shown (as on a group's page). */
const DiscussionBoard = lazyComponent(
  async () => (await import('../../../features/messages/components/DiscussionBoard')).DiscussionBoard,
);
const MentorsPanel = lazyComponent(
  async () => (await import('../../../features/mentors/components/MentorsPanel')).MentorsPanel,
);

/**
 * The project's room (messages feature): the same board as a group's, public to read; anyone signed in posts,
 * moderators delete anyone's messages. For `ProjectPage`'s room slot.
 */
export function ProjectRoomSlot({ projectId }: ProjectSlot) {
  const { isModerator } = useModeratorStatus();
  const account = useSignInPrompt();
  return (
    <CodeSuspense
      fallback={
        <div className={states.loading}>
          <Spinner label="Loading the room" />
        </div>
      }
    >
      <DiscussionBoard
        key={projectId}
        projectId={projectId}
        title="Room"
        canPost={account.signedIn === true}
        canModerate={isModerator}
        readOnlyPrompt={
          account.signedIn === false ? (
            <p>
              <button type="button" className={buttons.link} onClick={account.askToSignIn}>
                Sign in
              </button>{' '}
              to post in this project’s room.
            </p>
          ) : null
        }
      />
    </CodeSuspense>
  );
}

/** The project's mentors (mentors feature), for `ProjectPage`'s mentors slot. */
export function MentorsSlot({ projectId, repoExt }: ProjectSlot) {
  return (
    <CodeSuspense
      fallback={
        <div className={states.loading}>
          <Spinner label="Loading the mentors" />
        </div>
      }
    >
      <MentorsPanel projectId={projectId} fullName={repoExt} />
    </CodeSuspense>
  );
}
