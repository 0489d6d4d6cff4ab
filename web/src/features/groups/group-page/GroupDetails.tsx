import type { DiscussionInfo } from '@openlfg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../session/session-context';
import { GroupStatusControl } from '../components/GroupStatusControl';
import { PendingRequests } from '../components/PendingRequests';
import { InviteLinks } from '../invites/InviteLinks';
import { PeopleForGroup } from '../recruiting/PeopleForGroup';
import { RemovedMembers } from '../removals/RemovedMembers';
import { getGroupsQueryKey } from '../api/query-keys';
import { ReportModal } from '../components/ReportModal';
import styles from '../components/GroupPage.module.css';
import { GroupActions } from './GroupActions';
import { GroupHeading } from './GroupHeading';
import { GroupLinks } from './GroupLinks';
import { MemberList } from './MemberList';
import { statusOf } from '../group-text';
import { readOnlyPrompt, type RenderDiscussion } from './page-slots';

/** A group's page for whoever may read its details: heading, actions, links, requests, invites, members, board. */
export function GroupDetails({
  info,
  renderDiscussion,
}: {
  info: DiscussionInfo;
  renderDiscussion: RenderDiscussion | undefined;
}) {
  const { group, discordUrl, viewer } = info;
  const { isLoggedIn, isLoginLoading } = useSession();
  const queryClient = useQueryClient();
  useDocumentTitle(group.title);
  // The board's room was closed to the user (they left, were removed, the group was hidden or deleted): ask
  // again what they may see, which also takes the board away when they may no longer read it.
  const recheckAccess = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() }),
    [queryClient],
  );

  return (
    <article className={styles.page}>
      <GroupHeading group={group} viewer={viewer} />
      {info.hidden ? (
        <p role="status" className={styles.notice}>
          Hidden by a moderator: {info.hiddenReason ?? 'no reason given'}
        </p>
      ) : null}
      <GroupActions group={group} viewer={viewer} discordUrl={discordUrl} />
      {viewer.may.setStatus ? <GroupStatusControl group={group} /> : null}

      <GroupLinks group={group} discordUrl={discordUrl} />
      {viewer.may.reject ? (
        <PendingRequests
          groupProjectId={group.groupProjectId}
          mayApprove={viewer.may.approve}
          joinQuestion={group.joinQuestion}
        />
      ) : null}

      {viewer.role === 'owner' ? (
        <InviteLinks groupProjectId={group.groupProjectId} mayCreate={viewer.may.invite} />
      ) : null}
      {/* Looking for people is the owner's while the group takes new members (the policy's find-people). */}
      {viewer.role === 'owner' &&
      viewer.may.invite &&
      group.status !== 'closed' &&
      group.status !== 'archived' ? (
        <PeopleForGroup groupProjectId={group.groupProjectId} />
      ) : null}
      <MemberList info={info} />

      {viewer.may.allowBack ? <RemovedMembers groupProjectId={group.groupProjectId} /> : null}

      {/* The board speaks for the signed-in user (their own messages, the prompt to sign in, its socket): it
          waits for the session check, which the group's details do not. */}
      {viewer.may.readDiscussion && renderDiscussion && !isLoginLoading
        ? renderDiscussion({
            boardKey: `${viewer.role}-${String(viewer.may.post)}`,
            groupProjectId: group.groupProjectId,
            room: info.room,
            canPost: viewer.may.post,
            // An archived board is read-only for everyone: its owner too gets no Delete on its messages.
            canModerate: viewer.role === 'owner' && !info.hidden && statusOf(group) !== 'archived',
            members: info.members.map(({ login, avatarUrl }) => ({ login, avatarUrl })),
            readOnlyPrompt: readOnlyPrompt(info, isLoggedIn),
            onAccessLost: recheckAccess,
          })
        : null}
      <ReportModal groupTitle={group.title} />
    </article>
  );
}
