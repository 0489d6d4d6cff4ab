import type { GroupSummary } from '@openlfg/contracts';
import type { ReactNode } from 'react';
import { useGroupViewers } from '../api/get-group-viewers';
import { cardColourOf } from '../../../components/card-colour';
import { GroupCard } from './GroupCard';
import styles from '../../../components/CardGrid.module.css';

export interface GroupGridProps {
  groups: readonly GroupSummary[];
  label: string;
  busy?: boolean;
  badgeOf?: (group: GroupSummary) => ReactNode;
  selectedTopics?: readonly string[];
  onTopicToggle?: (topic: string) => void;
}

/**
 * Group cards, one column on phones and two from the sm breakpoint, each in its own card colour, each with the
 * actions the server allows the viewer (asked for the whole grid at once).
 */
export function GroupGrid({
  groups,
  label,
  busy = false,
  badgeOf,
  selectedTopics,
  onTopicToggle,
}: GroupGridProps) {
  const viewerOf = useGroupViewers(groups.map((group) => group.groupProjectId));
  return (
    <ul className={busy ? `${styles.grid} ${styles.busy}` : styles.grid} aria-label={label} aria-busy={busy}>
      {groups.map((group) => (
        <li key={group.groupProjectId} className={styles.item}>
          <GroupCard
            group={group}
            colour={cardColourOf(group.groupProjectId)}
            viewer={viewerOf(group.groupProjectId)}
            badge={badgeOf?.(group)}
            selectedTopics={selectedTopics}
            onTopicToggle={onTopicToggle}
          />
        </li>
      ))}
    </ul>
  );
}
