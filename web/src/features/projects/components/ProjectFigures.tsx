import type { Project } from '@openlfg/contracts';
import { formatRelativeTime } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-date-time';
import { WithRenderClock } from '../../../lib/render-clock';
import { Figure } from './Figure';
import styles from './ProjectFigures.module.css';

export interface ProjectFiguresProps {
  project: Project;
  /** When the last catalogue sync brought figures; null when none has (or the list does not say). */
  lastCatalogueSyncAt?: string | null;
}

/**
 * The counts a contributor weighs a project by. A project no sync has reached yet says so in words, on every
 * screen (a tooltip alone is lost on touch), with when the last sync ran where one has.
 */
export function ProjectFigures({ project, lastCatalogueSyncAt = null }: ProjectFiguresProps) {
  const awaitingSync = project.lastSyncedAt === null && !project.isDemo;
  return (
    <>
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
      {awaitingSync ? (
        <p className={styles.awaitingSync}>
          Figures arrive with the next sync.
          {lastCatalogueSyncAt ? (
            <>
              {' '}
              Last catalogue sync:{' '}
              <WithRenderClock>
                {({ now, timeZone }) => (
                  <time dateTime={lastCatalogueSyncAt} title={formatDateTime(lastCatalogueSyncAt, timeZone)}>
                    {formatRelativeTime(lastCatalogueSyncAt, now, timeZone)}
                  </time>
                )}
              </WithRenderClock>
              .
            </>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
