import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSessionCookieSettled } from '../../../session/use-session-cookie-settled';
import { isUnknownProject, useProjectPage } from '../api/get-project-page';
import { GroupsAround } from './GroupsAround';
import type { ProjectPageSlots, ProjectSlot } from './page-slots';
import { PeopleHere } from './PeopleHere';
import { ProjectHeader } from './ProjectHeader';
import styles from './ProjectPage.module.css';

export type { ProjectPageSlots, ProjectSlot } from './page-slots';

/**
 * `/projects/:owner/:name`: everything about one project, where its issues, its people and its groups meet. Its
 * data is one query (`projectPageQuery`) and the slots' own; the page reads nothing but them while it renders,
 * so the server can render it with those queries prefetched.
 */
export function ProjectPage(slots: ProjectPageSlots) {
  const { owner = '', name = '' } = useParams();
  const page = useProjectPage(owner, name, useSessionCookieSettled());
  useDocumentTitle(page.data?.project.name ?? `${owner}/${name}`);

  if (page.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner size="large" label="Loading the project" />
      </div>
    );
  }
  if (page.isError) {
    if (isUnknownProject(page.error)) return slots.renderNotFound();
    return (
      <div className={styles.page}>
        <ErrorState
          title="The project could not be loaded."
          message={errorMessage(page.error, 'Check your connection and try again.')}
          onRetry={() => void page.refetch()}
          retrying={page.isFetching}
        />
      </div>
    );
  }

  const { project } = page.data;
  const slot: ProjectSlot = { projectId: project.projectId, repoExt: project.repoExt, name: project.name };
  return (
    <div className={styles.page}>
      <ProjectHeader page={page.data} />
      <section className={styles.section} aria-labelledby="project-issues-heading">
        <h2 id="project-issues-heading" className={styles.heading}>
          Open beginner issues
        </h2>
        {slots.renderIssues(slot)}
      </section>
      <PeopleHere page={page.data} owner={owner} name={name} />
      <GroupsAround
        page={page.data}
        renderGroups={(groups, label) => slots.renderGroups({ ...slot, groups, label })}
      />
      {slots.renderRoom?.(slot)}
      {slots.renderMentors?.(slot)}
    </div>
  );
}
