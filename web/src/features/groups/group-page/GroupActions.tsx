import type { GroupProject, GroupViewer } from '@openlfg/contracts';
import { useSession } from '../../../session/session-context';
import { DeleteGroupButton } from '../components/DeleteGroupButton';
import { CopyLinkButton } from '../components/CopyLinkButton';
import { EditGroupButton } from '../components/EditGroupButton';
import { GroupSaveButton } from '../components/GroupSaveButton';
import { MembershipActions } from '../components/MembershipActions';
import { offersTo } from '../viewer';
import buttons from '../../../components/buttons.module.css';
import styles from '../components/GroupPage.module.css';

/**
 * The page's buttons, each shown only when the server's viewer block allows it. Editing needs the group's Discord
 * link, which only its page's details carry.
 */
export function GroupActions({
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
