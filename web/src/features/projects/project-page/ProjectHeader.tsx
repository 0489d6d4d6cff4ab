import type { ProjectPageResponse } from '@openlfg/contracts';
import { FINDER_STALE_PUSH_DAYS } from '@openlfg/contracts';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatRelativeTime } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-date-time';
import { useRenderClock } from '../../../lib/render-clock';
import { ProjectFigures } from '../components/ProjectFigures';
import { ProjectTopics } from '../components/ProjectTopics';
import { SaveButton } from '../components/SaveButton';
import styles from './ProjectPage.module.css';

/** Where the figures come from and how old they are; "awaiting a sync" is said by the figures themselves. */
function FiguresSource({ figures }: { figures: ProjectPageResponse['figures'] }) {
  const { now, timeZone } = useRenderClock();
  if (figures.source === 'demo') {
    return <p className={styles.note}>Demo figures: made up to show what the page looks like.</p>;
  }
  if (figures.source === 'github' && figures.at) {
    return (
      <p className={styles.muted}>
        Figures from GitHub,{' '}
        <time dateTime={figures.at} title={formatDateTime(figures.at, timeZone)}>
          {formatRelativeTime(figures.at, now, timeZone)}
        </time>
        .
      </p>
    );
  }
  return null;
}

/** The project: its name, language, notices, description, topics, figures, licence, links and Save. */
export function ProjectHeader({ page }: { page: ProjectPageResponse }) {
  const { project } = page;
  return (
    <header className={styles.header}>
      <p className={styles.eyebrow}>
        <span className={styles.repoExt}>{project.repoExt}</span>
        {project.language ? (
          <>
            <span aria-hidden="true"> · </span>
            <VisuallyHidden>, written in </VisuallyHidden>
            {project.language}
            {project.languageDerived ? <span className={styles.muted}> (from its topics)</span> : null}
          </>
        ) : null}
      </p>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{project.name}</h1>
        {project.archived ? (
          <span className={styles.badgeArchived} title="The owners no longer maintain it on GitHub">
            Archived
          </span>
        ) : null}
        {project.isDemo ? <span className={styles.badgeDemo}>Demo</span> : null}
      </div>
      {project.archived ? (
        <p className={styles.note}>
          Archived on GitHub: its owners no longer maintain it, so its issues are left out of Find an issue.
        </p>
      ) : page.quiet ? (
        <p className={styles.note}>
          No push to GitHub in {FINDER_STALE_PUSH_DAYS} days: left out of Find an issue.
        </p>
      ) : null}
      <p className={project.description ? styles.description : `${styles.description} ${styles.muted}`}>
        {project.description ?? 'No description.'}
      </p>
      <ProjectTopics topics={project.topics} />
      <ProjectFigures
        project={project}
        lastCatalogueSyncAt={page.figures.source === 'awaiting-sync' ? page.figures.at : null}
      />
      <FiguresSource figures={page.figures} />
      {project.license ? <p className={styles.muted}>Licence: {project.license}</p> : null}
      <div className={styles.actions}>
        <a href={project.projectUrl} target="_blank" rel="noreferrer" className={styles.link}>
          Repository on GitHub
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
        <a href={page.contributeUrl} target="_blank" rel="noreferrer" className={styles.link}>
          How to contribute
          <VisuallyHidden> (GitHub's contribute page, opens in a new tab)</VisuallyHidden>
        </a>
        <SaveButton project={project} saved={page.saved} />
      </div>
    </header>
  );
}
