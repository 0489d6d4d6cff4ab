import type { GroupSummary, ProjectPageResponse } from '@openlfg/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { postGroupHref } from '../../../lib/group-post-prefill';
import buttons from '../../../components/buttons.module.css';
import styles from './ProjectPage.module.css';

export const START_GROUP_LABEL = 'Start a group for this project';

/** A new group's title, suggested: the form shows it for its owner to change. */
export function suggestedGroupTitle(projectName: string): string {
  return `Contributing to ${projectName} together`;
}

/** Groups whose repository is this project (the groups feature's cards), and a way to start one. */
export function GroupsAround({
  page,
  renderGroups,
}: {
  page: ProjectPageResponse;
  renderGroups: (groups: GroupSummary[], label: string) => ReactNode;
}) {
  const { project, groups, groupsTotal } = page;
  const startHref = postGroupHref({
    repository: project.repoExt,
    topics: project.topics,
    title: suggestedGroupTitle(project.name),
  });
  return (
    <section className={styles.section} aria-labelledby="groups-around-heading">
      <div className={styles.sectionHead}>
        <h2 id="groups-around-heading" className={styles.heading}>
          Groups around it
        </h2>
        <Link to={startHref} className={buttons.primary}>
          {START_GROUP_LABEL}
        </Link>
      </div>
      {groups.length === 0 ? (
        <p className={styles.muted}>No group works on {project.name} yet: start the first.</p>
      ) : (
        <>
          {renderGroups(groups, `Groups around ${project.name}`)}
          {groupsTotal > groups.length ? (
            <p className={styles.muted}>
              The newest {groups.length} of {groupsTotal} groups.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
