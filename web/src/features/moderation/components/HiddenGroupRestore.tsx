import { useQuery } from '@tanstack/react-query';
import { formatRelativeTime } from '../../../lib/format';
import { getHiddenGroupQueryOptions } from '../api/hidden-groups';
import { useModeratorStatus } from '../api/get-moderator-status';
import { RestoreGroupButton } from './RestoreGroupButton';
import styles from './Moderation.module.css';

export interface HiddenGroupRestoreProps {
  groupProjectId: number;
  /** The group is visible again: the page loads it. */
  onRestored: () => void;
}

/**
 * On the page of a group a moderator hid, which is gone for everyone but its owner: a moderator learns it is
 * hidden, and why, and can restore it there. Nothing for anyone else, nor for a group that is simply gone.
 */
export function HiddenGroupRestore({ groupProjectId, onRestored }: HiddenGroupRestoreProps) {
  const { isModerator } = useModeratorStatus();
  const hidden = useQuery({ ...getHiddenGroupQueryOptions(groupProjectId), enabled: isModerator });
  if (!isModerator || !hidden.data) return null;
  const { title, ownerLogin, hiddenAt, reason } = hidden.data;

  return (
    <section className={styles.card} aria-label="Hidden group">
      <p role="status">
        <strong>{title}</strong> by {ownerLogin} was hidden by a moderator{' '}
        <time dateTime={hiddenAt}>{formatRelativeTime(hiddenAt)}</time>: {reason ?? 'no reason given'}
      </p>
      <RestoreGroupButton groupId={groupProjectId} title={title} named={false} onRestored={onRestored} />
    </section>
  );
}
