import type { Project } from '@openlfg/contracts';
import { useCallback, useState } from 'react';
import { cardColourOf } from '../../../components/card-colour';
import { lazyDialog } from '../../../lib/lazy-component';
import { ProjectCard } from './ProjectCard';
import styles from '../../../components/CardGrid.module.css';

const IssuesModal = lazyDialog(
  async () => (await import('./IssuesModal')).IssuesModal,
  ({ project }) => project !== null,
);

export interface ProjectGridProps {
  projects: readonly Project[];
  /** Says what the list is to screen readers ("Projects", "Saved projects"). */
  label: string;
  selectedTopics?: readonly string[];
  onTopicToggle?: (topic: string) => void;
  busy?: boolean;
  /** When the last catalogue sync brought figures (the list answer says), for cards no sync has reached. */
  lastCatalogueSyncAt?: string | null;
}

/** Project cards, one column on phones and two from the sm breakpoint, with the issues dialog they open. */
export function ProjectGrid({
  projects,
  label,
  selectedTopics,
  onTopicToggle,
  busy = false,
  lastCatalogueSyncAt = null,
}: ProjectGridProps) {
  const [issuesOf, setIssuesOf] = useState<Project | null>(null);
  const closeIssues = useCallback(() => setIssuesOf(null), []);

  return (
    <>
      <ul
        className={busy ? `${styles.grid} ${styles.busy}` : styles.grid}
        aria-label={label}
        aria-busy={busy}
      >
        {projects.map((project) => (
          <li key={project.projectId} className={styles.item}>
            <ProjectCard
              project={project}
              colour={cardColourOf(project.projectId)}
              selectedTopics={selectedTopics}
              onTopicToggle={onTopicToggle}
              onOpenIssues={setIssuesOf}
              lastCatalogueSyncAt={lastCatalogueSyncAt}
            />
          </li>
        ))}
      </ul>
      <IssuesModal project={issuesOf} onClose={closeIssues} />
    </>
  );
}
