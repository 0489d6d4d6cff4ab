import { Link } from 'react-router';
import { moderationHref, type ModerationTab } from '../moderation-location';
import { useSelectedTabInView } from '../../../components/use-selected-tab-in-view';
import styles from '../../../components/LinkTabs.module.css';

export const TAB_LABELS: Record<ModerationTab, string> = {
  requests: 'Project requests',
  reports: 'Reports',
  hidden: 'Hidden groups',
  catalogue: 'Catalogue health',
  audit: 'Audit log',
};

/** Links that look like tabs (each section has its own address); the selected one is aria-current="page". */
export function ModerationTabs({ selected }: { selected: ModerationTab }) {
  const stripRef = useSelectedTabInView<HTMLElement>(selected);
  return (
    <nav ref={stripRef} aria-label="Moderation sections" className={styles.tabs}>
      {(Object.keys(TAB_LABELS) as ModerationTab[]).map((tab) => (
        <Link
          key={tab}
          to={moderationHref({ tab })}
          className={styles.tab}
          aria-current={tab === selected ? 'page' : undefined}
        >
          {TAB_LABELS[tab]}
        </Link>
      ))}
    </nav>
  );
}
