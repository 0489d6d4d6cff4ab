import { FINDER_STALE_PUSH_DAYS, type Project } from '@openlfg/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Highlight } from '../../../components/Highlight';
import type { CardColour } from '../../../components/card-colour';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatCount } from '../../../lib/format';
import { projectPageHref } from '../../../lib/project-links';
import { WithRenderClock } from '../../../lib/render-clock';
import { isNewProject, isQuietProject } from '../is-new-project';
import { ProjectFigures } from './ProjectFigures';
import { ProjectTopics } from './ProjectTopics';
import { SaveButton } from './SaveButton';
import buttons from '../../../components/buttons.module.css';
import styles from './ProjectCard.module.css';

export interface ProjectCardProps {
  project: Project;
  colour: CardColour;
  selectedTopics?: readonly string[];
  onTopicToggle?: (topic: string) => void;
  onOpenIssues: (project: Project) => void;
  /** When the last catalogue sync brought figures, where the list says. */
  lastCatalogueSyncAt?: string | null;
}

export function ProjectCard({
  project,
  colour,
  selectedTopics,
  onTopicToggle,
  onOpenIssues,
  lastCatalogueSyncAt = null,
}: ProjectCardProps) {
  const headingId = useId();
  const beginnerIssues = project.beginnerIssues ?? 0;

  return (
    <article className={`${styles.card} ${styles[colour]}`} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h3 id={headingId} className={styles.name}>
          <Link to={projectPageHref(project.repoExt)} className={styles.nameLink}>
            <Highlight text={project.name} />
          </Link>
        </h3>
        <div className={styles.badges}>
          {/* Against the clock the page was rendered with: the server's while the browser takes its markup over. */}
          <WithRenderClock>
            {({ now }) =>
              isNewProject(project.newSince, now) ? <span className={styles.badgeNew}>New</span> : null
            }
          </WithRenderClock>
          {project.archived ? (
            <span className={styles.badgeArchived} title="The owners no longer maintain it on GitHub">
              Archived
            </span>
          ) : null}
        </div>
      </div>
      <p className={styles.repo}>
        <a href={project.projectUrl} target="_blank" rel="noreferrer" className={styles.repoExt}>
          <Highlight text={project.repoExt} />
          <VisuallyHidden> on GitHub (opens in a new tab)</VisuallyHidden>
        </a>
        {project.language ? (
          <>
            <span aria-hidden="true"> · </span>
            <VisuallyHidden>, written in </VisuallyHidden>
            <span className={styles.language}>{project.language}</span>
            {/* Taken from a topic until the catalogue sync reads the real one from GitHub. */}
            {project.languageDerived ? (
              <span className={styles.languageSource}> (from its topics)</span>
            ) : null}
          </>
        ) : null}
      </p>
      <WithRenderClock>
        {({ now }) =>
          isQuietProject(project, now) ? (
            <p className={styles.quiet}>
              No push to GitHub in {FINDER_STALE_PUSH_DAYS} days: left out of Find an issue.
            </p>
          ) : null
        }
      </WithRenderClock>
      <p className={project.description ? styles.description : `${styles.description} ${styles.muted}`}>
        {project.description ? <Highlight text={project.description} /> : 'No description.'}
      </p>
      <ProjectTopics topics={project.topics} selected={selectedTopics} onToggle={onTopicToggle} />
      <ProjectFigures project={project} lastCatalogueSyncAt={lastCatalogueSyncAt} />
      <div className={styles.actions}>
        <button type="button" className={buttons.action} onClick={() => onOpenIssues(project)}>
          Issues
          <VisuallyHidden> of {project.name}</VisuallyHidden>
          {beginnerIssues > 0 ? (
            <span className={styles.issueCount}>
              {formatCount(beginnerIssues)}
              <VisuallyHidden> beginner-friendly</VisuallyHidden>
            </span>
          ) : null}
        </button>
        <SaveButton project={project} />
      </div>
    </article>
  );
}
