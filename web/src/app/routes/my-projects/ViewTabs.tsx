import { Link } from 'react-router';
import type { MyProjectsView } from './view';
import { useSelectedTabInView } from '../../../components/use-selected-tab-in-view';
import styles from '../../../components/LinkTabs.module.css';

const VIEWS: readonly { view: MyProjectsView; label: string }[] = [
  { view: 'groups', label: 'My groups' },
  { view: 'created', label: 'Posted by me' },
  { view: 'saved-groups', label: 'Saved groups' },
  { view: 'projects', label: 'Saved projects' },
  { view: 'requests', label: 'My requests' },
];

/** Links that look like tabs; the selected one is marked aria-current="page". */
export function ViewTabs({ selected }: { selected: MyProjectsView }) {
  const stripRef = useSelectedTabInView<HTMLElement>(selected);
  return (
    <nav ref={stripRef} aria-label="My projects views" className={styles.tabs}>
      {VIEWS.map(({ view, label }) => (
        <Link
          key={view}
          to={`/my-projects?view=${view}`}
          className={styles.tab}
          aria-current={view === selected ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
