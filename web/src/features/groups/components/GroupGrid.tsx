import type { GroupProject } from '@openlfg/contracts';
import type { ReactNode } from 'react';
import { useGroupViewers } from '../api/get-group-viewers';
import { CARD_COLOURS, GroupCard } from './GroupCard';
import styles from '../../../components/CardGrid.module.css';

export interface GroupGridProps {
  groups: readonly GroupProject[];
  label: string;
  busy?: boolean;
  badgeOf?: (group: GroupProject) => ReactNode;
}

/**
 * Group cards, one column on phones and two from the sm breakpoint, in the rotating card colours, each with the
 * actions the server allows the viewer (asked for the whole grid at once).
 */
export function GroupGrid({ groups, label, busy = false, badgeOf }: GroupGridProps) {
  const viewerOf = useGroupViewers(groups.map((group) => group.groupProjectId));
  return (
    <ul className={busy ? `${styles.grid} ${styles.busy}` : styles.grid} aria-label={label} aria-busy={busy}>
      {groups.map((group, index) => (
        <li key={group.groupProjectId} className={styles.item}>
          <GroupCard
            group={group}
            colour={CARD_COLOURS[index % CARD_COLOURS.length] ?? 'purple'}
            viewer={viewerOf(group.groupProjectId)}
            badge={badgeOf?.(group)}
          />
        </li>
      ))}
    </ul>
  );
}
