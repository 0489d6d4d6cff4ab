import type { GroupSummary } from '@openlfg/contracts';
import { visibilityText } from '../group-text';
import { GroupStatusBadge } from './GroupStatusBadge';
import styles from './GroupBadges.module.css';

/** "Public" or "Private", then "Full", "Closed" or "Archived" when it is: beside a group's title on its card and page. */
export function GroupBadges({ group }: { group: Pick<GroupSummary, 'visibility' | 'status'> }) {
  return (
    <>
      <span className={group.visibility === 'private' ? styles.private : styles.public}>
        {visibilityText(group.visibility)}
      </span>
      <GroupStatusBadge group={group} />
    </>
  );
}
