import type { DiscussionInfo, GroupProject, GroupViewer } from '@openlfg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LazyMarkdown } from '../../../components/markdown/LazyMarkdown';
import { TopicChips } from '../../../components/TopicChips';
import { Spinner } from '../../../components/Spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { useHeadingFocus } from '../../../lib/heading-focus';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../session/session-context';
import { useSessionCookieSettled } from '../../../session/use-session-cookie-settled';
import { useDiscussionInfo } from '../api/get-discussion-info';
import { useGroup } from '../api/get-group';
import { Avatar } from '../../../components/Avatar';
import { DeleteGroupButton } from '../components/DeleteGroupButton';
import { CopyLinkButton } from '../components/CopyLinkButton';
import { EditGroupButton } from '../components/EditGroupButton';
import { groupTopicHref } from '../components/GroupCard';
import { GroupSaveButton } from '../components/GroupSaveButton';
import { GroupStatusBadge } from '../components/GroupStatusBadge';
import { GroupStatusControl } from '../components/GroupStatusControl';
import { MemberControls } from '../components/MemberControls';
import { MembershipActions } from '../components/MembershipActions';
import { PendingRequests } from '../components/PendingRequests';
import { InviteLinks } from '../invites/InviteLinks';
import { RemovedMembers } from '../removals/RemovedMembers';
import { getGroupsQueryKey } from '../api/query-keys';
import { ReportModal } from '../components/ReportModal';
import { activityText, editedText, memberCountText, statusOf, visibilityText } from '../group-text';
import { offersTo } from '../viewer';
import buttons from '../../../components/buttons.module.css';
import styles from '../components/GroupPage.module.css';

/**
 * What the page hands the discussion board. The board is another feature's (messages), so the page takes it as
 * a slot filled by the route in app/routes: features do not import each other.
 */
export interface DiscussionSlot {
  /** Changes when the viewer's role does: a new role is a new board, following its room afresh. */
  boardKey: string;
  groupProjectId: number;
  room: string;
  canPost: boolean;
  /** The owner deletes anyone's messages on the board. */
  canModerate: boolean;
  /** Offered for @mentions in the board's composer. */
  members: { login: string; avatarUrl: string | null }[];
  readOnlyPrompt: string;
  /** The server closed the room to the viewer: ask again what they may see. */
  onAccessLost: () => void;
}
export type RenderDiscussion = (slot: DiscussionSlot) => ReactNode;

/**
 * What the page shows a moderator when the group is gone from their view: a group a moderator hid (its Restore
 * is the moderation feature's, so the route fills this slot). `onRestored` loads the page again.
 */
export type RenderHidden = (slot: { groupProjectId: number; onRestored: () => void }) => ReactNode;

export const PRIVATE_GROUP_MESSAGE = 'This group is private. Ask to join to see its members and discussion.';
/** What readers of a public board who may not post see in place of the composer. */
export const JOIN_TO_POST_MESSAGE = 'Join the group to post in its discussion.';
export const SIGN_IN_TO_POST_MESSAGE = 'Sign in and join the group to post in its discussion.';
/** What the owner of a group a moderator hid sees in place of the composer. */
export const HIDDEN_BOARD_MESSAGE = 'A moderator hid this group: its discussion takes no new messages.';
/** What everyone sees in place of the composer on an archived group's board. */
export const ARCHIVED_BOARD_MESSAGE = 'This group is archived: its discussion is read-only.';
/** What readers of a closed group's board who are not members see in place of the composer. */
export const CLOSED_BOARD_MESSAGE = 'This group is closed to new members: only its members post here.';

/** The group's details are for its members: someone outside a private group sees its public card. */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || (error.status === 403 && error.code === 'FORBIDDEN'));
}

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

export function GroupPage({
  renderDiscussion,
  renderHidden,
}: {
  renderDiscussion?: RenderDiscussion;
  renderHidden?: RenderHidden;
}) {
  const params = useParams();
  const groupProjectId = parseId(params.groupProjectId);
  return groupProjectId === null ? (
    <MissingGroup />
  ) : (
    <GroupPageFor
      groupProjectId={groupProjectId}
      renderDiscussion={renderDiscussion}
      renderHidden={renderHidden}
    />
  );
}

function MissingGroup({ hidden }: { hidden?: ReactNode }) {
  useDocumentTitle('Group not found');
  return (
    <div className={styles.state}>
      <h1 className={styles.title}>This group does not exist (any more).</h1>
      {hidden}
      <p>
        <Link to="/group-projects" className={styles.link}>
          Back to the groups
        </Link>
      </p>
    </div>
  );
}

function GroupPageFor({
  groupProjectId,
  renderDiscussion,
  renderHidden,
}: {
  groupProjectId: number;
  renderDiscussion: RenderDiscussion | undefined;
  renderHidden: RenderHidden | undefined;
}) {
  const queryClient = useQueryClient();
  // A moderator restored the group from this page: everything about groups loads again, this page included.
  const onRestored = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() }),
    [queryClient],
  );
  const hidden = renderHidden?.({ groupProjectId, onRestored });
  // The group is asked for while the session check is on its way, not after it: the server answers for the
  // session cookie the request carries (a private group's details only to its members), so the page shows as
  // soon as the group's answer is in.
  const info = useDiscussionInfo(groupProjectId, useSessionCookieSettled());
  // A refused query that refetches (after a request to join, say) has no data and counts as loading again: the
  // page keeps showing what it showed for the refusal meanwhile, so it never blanks and keeps its buttons.
  const refused = info.isError && isRefusal(info.error);
  const [showingPrivate, setShowingPrivate] = useState(refused);
  if (!info.isPending && refused !== showingPrivate) setShowingPrivate(refused);

  if (info.isPending && info.isFetching && showingPrivate)
    return <PrivateGroup groupProjectId={groupProjectId} hidden={hidden} />;
  if (info.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner size="large" label="Loading the group" />
      </div>
    );
  }
  if (info.isError) {
    const { error } = info;
    if (isApiError(error) && error.status === 404) return <MissingGroup hidden={hidden} />;
    if (refused) return <PrivateGroup groupProjectId={groupProjectId} hidden={hidden} />;
    return (
      <ErrorState
        title="The group could not be loaded."
        message={errorMessage(error, 'Check your connection and try again.')}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    );
  }
  return <GroupDetails info={info.data.data} renderDiscussion={renderDiscussion} />;
}

/**
 * What someone outside a private group sees: its public card (as the lists show it), the notice that its
 * members and discussion are for members, and the ways to ask to join, save and report.
 */
function PrivateGroup({ groupProjectId, hidden }: { groupProjectId: number; hidden: ReactNode }) {
  const card = useGroup(groupProjectId);
  useDocumentTitle(card.data?.title ?? 'Private group');
  if (card.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner size="large" label="Loading the group" />
      </div>
    );
  }
  if (card.isError) {
    // A hidden group is gone for all but its owner; a moderator may restore it from here.
    if (isApiError(card.error) && card.error.status === 404) return <MissingGroup hidden={hidden} />;
    return (
      <ErrorState
        title="The group could not be loaded."
        message={errorMessage(card.error, 'Check your connection and try again.')}
        onRetry={() => void card.refetch()}
        retrying={card.isFetching}
      />
    );
  }
  const { viewer, ...group } = card.data;
  return (
    <article className={styles.page}>
      <GroupHeading group={group} />
      <p role="status" className={styles.notice}>
        {PRIVATE_GROUP_MESSAGE}
      </p>
      <GroupActions group={group} viewer={viewer} />
      <ReportModal groupTitle={group.title} />
    </article>
  );
}

/**
 * The page's buttons, each shown only when the server's viewer block allows it. Editing needs the group's Discord
 * link, which only its page's details carry.
 */
function GroupActions({
  group,
  viewer,
  discordUrl,
}: {
  group: GroupProject;
  viewer: GroupViewer;
  discordUrl?: string | null;
}) {
  const { setShowReportModal } = useSession();
  return (
    <div className={styles.actions}>
      <MembershipActions group={group} viewer={viewer} variant="page" />
      {offersTo(viewer).save ? <GroupSaveButton group={group} /> : null}
      <CopyLinkButton group={group} />
      {viewer.may.report ? (
        <button
          type="button"
          className={buttons.action}
          onClick={() => setShowReportModal({ show: true, projectId: group.groupProjectId })}
        >
          Report
        </button>
      ) : null}
      {viewer.may.edit && discordUrl !== undefined ? (
        <EditGroupButton group={group} discordUrl={discordUrl} />
      ) : null}
      {viewer.may.delete ? <DeleteGroupButton group={group} /> : null}
    </div>
  );
}

function GroupHeading({ group }: { group: GroupProject }) {
  const headingRef = useHeadingFocus<HTMLHeadingElement>();
  return (
    <header className={styles.header}>
      <p className={styles.eyebrow}>
        <Link to="/group-projects" className={styles.link}>
          Looking for group
        </Link>
      </p>
      <div className={styles.titleRow}>
        <h1 ref={headingRef} className={styles.title} tabIndex={-1}>
          {group.title}
        </h1>
        <span className={group.visibility === 'private' ? styles.badgePrivate : styles.badgePublic}>
          {visibilityText(group.visibility)}
        </span>
        <GroupStatusBadge group={group} />
      </div>
      <>
        <p className={styles.muted}>
          Posted by <span className={styles.login}>{group.owner.login}</span>{' '}
          {formatRelativeTime(group.datePosted)}
          {group.editedAt ? ` · ${editedText(group) ?? ''}` : null}
        </p>
        {group.description ? <LazyMarkdown source={group.description} /> : null}
        <TopicChips topics={group.topics} what="groups" hrefFor={groupTopicHref} />
        <dl className={styles.figures}>
          <div>
            <dt>Skill level</dt>
            <dd>{group.skillLevel}</dd>
          </div>
          <div>
            <dt>Visibility</dt>
            <dd>
              {group.visibility === 'private'
                ? 'Private: the owner approves requests'
                : 'Public: anyone can join'}
            </dd>
          </div>
          <div>
            <dt>Members</dt>
            <dd>{memberCountText(group)}</dd>
          </div>
          <div>
            <dt>Saves</dt>
            <dd>{formatCount(group.saves)}</dd>
          </div>
        </dl>
      </>
    </header>
  );
}

function GroupDetails({
  info,
  renderDiscussion,
}: {
  info: DiscussionInfo;
  renderDiscussion: RenderDiscussion | undefined;
}) {
  const { group, members, discordUrl, viewer } = info;
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
      <GroupHeading group={group} />
      {info.hidden ? (
        <p role="status" className={styles.notice}>
          Hidden by a moderator: {info.hiddenReason ?? 'no reason given'}
        </p>
      ) : null}
      <GroupActions group={group} viewer={viewer} discordUrl={discordUrl} />
      {viewer.may.setStatus ? <GroupStatusControl group={group} /> : null}

      {group.repoExt || discordUrl ? (
        <section className={styles.section} aria-labelledby="group-links-heading">
          <h2 id="group-links-heading" className={styles.sectionHeading}>
            Links
          </h2>
          <ul className={styles.links}>
            {group.repoExt ? (
              <li>
                <a
                  href={`https://github.com/${group.repoExt}`}
                  target="_blank"
                  rel="noreferrer"
                  className={styles.link}
                >
                  Repository: {group.repoExt}
                </a>
              </li>
            ) : null}
            {discordUrl ? (
              <li>
                <a href={discordUrl} target="_blank" rel="noreferrer" className={styles.link}>
                  Discord
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}

      {viewer.may.reject ? (
        <PendingRequests groupProjectId={group.groupProjectId} mayApprove={viewer.may.approve} />
      ) : null}

      {viewer.role === 'owner' ? (
        <InviteLinks groupProjectId={group.groupProjectId} mayCreate={viewer.may.invite} />
      ) : null}

      <section className={styles.section} aria-labelledby="group-members-heading">
        <h2 id="group-members-heading" className={styles.sectionHeading}>
          Members ({memberCountText(group)})
        </h2>
        {members.length === 0 ? (
          <p className={styles.muted}>No members yet.</p>
        ) : (
          <ul className={styles.people} aria-label="Members">
            {members.map((member) => (
              <li key={member.login} className={styles.person}>
                <Avatar login={member.login} avatarUrl={member.avatarUrl} />
                <span className={styles.personText}>
                  <span className={styles.login}>{member.login}</span>
                  <span className={styles.muted}>
                    {member.role === 'owner' ? 'Owner' : 'Member'} · joined{' '}
                    {formatRelativeTime(member.joinedAt)}
                    {member.lastActiveAt ? <MemberActivity lastActiveAt={member.lastActiveAt} /> : null}
                  </span>
                </span>
                <MemberControls
                  group={group}
                  member={member}
                  mayRemove={viewer.may.removeMember}
                  mayHandOver={viewer.may.transferOwnership}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {viewer.may.allowBack ? <RemovedMembers groupProjectId={group.groupProjectId} /> : null}

      {/* The board speaks for the signed-in user (their own messages, the prompt to sign in, its socket): it
          waits for the session check, which the group's details do not. */}
      {viewer.may.readDiscussion && renderDiscussion && !isLoginLoading
        ? renderDiscussion({
            boardKey: `${viewer.role}-${String(viewer.may.post)}`,
            groupProjectId: group.groupProjectId,
            room: info.room,
            canPost: viewer.may.post,
            canModerate: viewer.role === 'owner' && !info.hidden,
            members: info.members.map(({ login, avatarUrl }) => ({ login, avatarUrl })),
            readOnlyPrompt: readOnlyPrompt(info, isLoggedIn),
            onAccessLost: recheckAccess,
          })
        : null}
      <ReportModal groupTitle={group.title} />
    </article>
  );
}

/** Why the board takes no post from this viewer, shown in place of its composer. */
function readOnlyPrompt(info: DiscussionInfo, isLoggedIn: boolean): string {
  if (info.hidden) return HIDDEN_BOARD_MESSAGE;
  const status = statusOf(info.group);
  if (status === 'archived') return ARCHIVED_BOARD_MESSAGE;
  if (status === 'closed') return CLOSED_BOARD_MESSAGE;
  return isLoggedIn ? JOIN_TO_POST_MESSAGE : SIGN_IN_TO_POST_MESSAGE;
}

/** The member's last activity, as only the owner gets it: flagged once they have been quiet a long while. */
function MemberActivity({ lastActiveAt }: { lastActiveAt: string }) {
  const { text, inactive } = activityText(lastActiveAt);
  return (
    <>
      {' · '}
      <span className={inactive ? styles.inactive : undefined}>{text}</span>
    </>
  );
}
