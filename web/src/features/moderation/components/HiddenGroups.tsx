import type { HiddenGroup } from '@openlfg/contracts';
import { formatRelativeTime } from '../../../lib/format';
import { useHiddenGroups } from '../api/hidden-groups';
import { ModerationList } from './ModerationList';
import { RestoreGroupButton } from './RestoreGroupButton';
import styles from './Moderation.module.css';

/** The groups moderators hid, each with why, to restore. */
export function HiddenGroups({ page }: { page: number }) {
  return (
    <ModerationList
      tab="hidden"
      page={page}
      title="Hidden groups"
      intro="Groups a moderator hid: out of every list, their boards closed to all but their owners, who see the reason. Restoring shows a group again as it was."
      query={useHiddenGroups(page)}
      what="hidden groups"
      empty={{ title: 'No hidden groups.', text: 'Groups hidden from the reports show up here.' }}
      keyOf={(group) => group.groupId}
      renderItem={(group, onDone) => <HiddenGroupItem group={group} onRestored={onDone} />}
    />
  );
}

function HiddenGroupItem({ group, onRestored }: { group: HiddenGroup; onRestored: () => void }) {
  const { groupId, title, ownerLogin, hiddenAt, reason } = group;
  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>
        <span>{title}</span>
        <span className={styles.badgeWarning}>Hidden</span>
      </h3>
      <p className={styles.muted}>
        Owner <strong>{ownerLogin}</strong>, hidden{' '}
        <time dateTime={hiddenAt}>{formatRelativeTime(hiddenAt)}</time>
      </p>
      {reason ? <p className={styles.reason}>{reason}</p> : null}
      <RestoreGroupButton groupId={groupId} title={title} named onRestored={onRestored} />
    </li>
  );
}
