import { GroupGrid } from '../../../features/groups/components/GroupGrid';
import { ProjectIssues } from '../../../features/issues/components/ProjectIssues';
import { ProjectPage } from '../../../features/projects/project-page/ProjectPage';
import { NotFoundPage } from '../../NotFoundPage';

/**
 * `/projects/:owner/:name`: the project (projects feature) with its issues (the finder's own list, issues
 * feature) and the groups around it (the groups' cards). The room and the mentors join through the page's
 * other slots.
 */
export function ProjectPageRoute() {
  return (
    <ProjectPage
      renderIssues={({ projectId, name }) => (
        <ProjectIssues key={projectId} projectId={projectId} projectName={name} />
      )}
      renderGroups={({ groups, label }) => <GroupGrid groups={groups} label={label} />}
      renderNotFound={() => <NotFoundPage />}
    />
  );
}
