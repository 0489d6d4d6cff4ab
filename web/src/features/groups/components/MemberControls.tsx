import { REMOVAL_REASON_MAX, type GroupMember, type GroupProject } from '@openlfg/contracts';
import { useCallback, useState } from 'react';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { toastError } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useRemoveMember } from '../api/remove-member';
import { useTransferOwnership } from '../api/transfer-ownership';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import buttons from '../../../components/buttons.module.css';
import styles from './GroupPage.module.css';

export interface MemberControlsProps {
  group: GroupProject;
  member: GroupMember;
  mayRemove: boolean;
  mayHandOver: boolean;
  /** After a removal or a hand over, whose button is gone with it. */
  onDone?: () => void;
}

/** The owner's buttons beside a member: Remove (with an optional reason) and Make owner, each confirmed first. */
export function MemberControls({ group, member, mayRemove, mayHandOver, onDone }: MemberControlsProps) {
  const [dialog, setDialog] = useState<'remove' | 'hand-over' | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const remove = useRemoveMember();
  if (member.role === 'owner' || (!mayRemove && !mayHandOver)) return null;
  const who = <VisuallyHidden> {member.login}</VisuallyHidden>;

  return (
    <div className={styles.personActions}>
      {mayHandOver ? (
        <button type="button" className={buttons.action} onClick={() => setDialog('hand-over')}>
          Make owner{who}
        </button>
      ) : null}
      {mayRemove ? (
        <button type="button" className={buttons.danger} onClick={() => setDialog('remove')}>
          Remove{who}
        </button>
      ) : null}
      <ReasonDialog
        open={dialog === 'remove'}
        onClose={close}
        title={`Remove ${member.login}`}
        description={`${member.login} leaves ${group.title} at once and can no longer post on its board${
          group.visibility === 'private' ? ' or read it' : ''
        }. They can ask to join again while the group takes new members.`}
        reasonRequired={false}
        reasonMax={REMOVAL_REASON_MAX}
        confirmLabel="Remove member"
        pendingLabel="Removing..."
        tone="danger"
        onConfirm={async (reason) => {
          await remove.mutateAsync({
            group,
            body: {
              groupProjectId: group.groupProjectId,
              memberUsername: member.login,
              reason: reason ?? null,
            },
          });
          onDone?.();
          toast.success(`${member.login} was removed from ${group.title}.`);
        }}
      />
      <HandOverDialog
        group={group}
        member={member}
        open={dialog === 'hand-over'}
        onClose={close}
        onDone={onDone}
      />
    </div>
  );
}

function HandOverDialog({
  group,
  member,
  open,
  onClose,
  onDone,
}: {
  group: GroupProject;
  member: GroupMember;
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const handOver = useTransferOwnership();
  const onConfirm = () =>
    handOver.mutate(
      { group, memberUsername: member.login },
      {
        onSuccess: () => {
          onClose();
          onDone?.();
          toast.success(`${member.login} now owns ${group.title}.`);
        },
        onError: (error) =>
          toastError(error, 'Could not hand the group over, please try again.', { clientErrorsOnly: true }),
      },
    );
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Make ${member.login} the owner`}
      description={`${member.login} becomes the owner of ${group.title}: they edit, close, archive or delete it, decide on requests and remove members. You stay a member and can no longer do any of that.`}
      confirmLabel="Make owner"
      pendingLabel="Handing over..."
      pending={handOver.isPending}
      tone="primary"
      onConfirm={onConfirm}
    />
  );
}
