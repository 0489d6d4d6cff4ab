import type { GroupProject } from '@openlfg/contracts';
import { STATUS_TEXT, statusOf } from '../group-text';
import styles from './GroupStatusBadge.module.css';

/** "Full", "Closed" or "Archived" beside the group's title; an open group, the usual case, has none. */
export function GroupStatusBadge({ group }: { group: Pick<GroupProject, 'status'> }) {
  const status = statusOf(group);
  if (status === 'open') return null;
  return <span className={styles[status]}>{STATUS_TEXT[status]}</span>;
}
