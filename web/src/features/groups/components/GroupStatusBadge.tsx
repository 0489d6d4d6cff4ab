import type { GroupProject, GroupViewer } from '@openlfg/contracts';
import { STATUS_TEXT, statusOf } from '../group-text';
import styles from './GroupStatusBadge.module.css';

/**
 * "Full", "Closed" or "Archived" beside the group's title, as the viewer meets it (`viewer`, once the server's
 * word on them has come); an open group, the usual case, has none.
 */
export function GroupStatusBadge({
  group,
  viewer,
}: {
  group: Pick<GroupProject, 'status'>;
  viewer?: Pick<GroupViewer, 'status'> | undefined;
}) {
  const status = statusOf(group, viewer);
  if (status === 'open') return null;
  return <span className={styles[status]}>{STATUS_TEXT[status]}</span>;
}
