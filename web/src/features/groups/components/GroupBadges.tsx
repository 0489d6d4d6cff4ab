import type { GroupSummary, GroupViewer } from '@openlfg/contracts';
import { visibilityText } from '../group-text';
import { GroupStatusBadge } from './GroupStatusBadge';
import styles from './GroupBadges.module.css';

/** "Public" or "Private", then "Full", "Closed" or "Archived" when it is: beside a group's title on its card and page. */
export function GroupBadges({
  group,
  viewer,
}: {
  group: Pick<GroupSummary, 'visibility' | 'status'>;
  /** The server's word on the viewer: the status they meet, when it is not the group's own. */
  viewer?: Pick<GroupViewer, 'status'> | undefined;
}) {
  return (
    <>
      <span className={group.visibility === 'private' ? styles.private : styles.public}>
        {visibilityText(group.visibility)}
      </span>
      <GroupStatusBadge group={group} viewer={viewer} />
    </>
  );
}
