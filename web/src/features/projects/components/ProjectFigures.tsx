import type { Project } from '@openlfg/contracts';
import { Figure } from './Figure';
import styles from './ProjectFigures.module.css';

/** The counts a contributor weighs a project by. */
export function ProjectFigures({ project }: { project: Project }) {
  return (
    <dl className={styles.figures}>
      <Figure label="Contributors" value={project.contributors} />
      <Figure label="Used by" value={project.usedBy} hint="Repositories and packages that depend on it" />
      <Figure label="Stars" value={project.stars} />
      <Figure label="Saves" value={project.saves} hint="OpenLFG users who saved it" />
      <Figure
        label="Beginner issues"
        value={project.beginnerIssues}
        hint="Open issues labelled as good for newcomers"
      />
    </dl>
  );
}
