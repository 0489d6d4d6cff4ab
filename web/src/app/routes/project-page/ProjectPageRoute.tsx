import { GroupGrid } from '../../../features/groups/components/GroupGrid';
import { ProjectIssues } from '../../../features/issues/components/ProjectIssues';
import { ProjectPage } from '../../../features/projects/project-page/ProjectPage';
import { NotFoundPage } from '../../NotFoundPage';
import { MentorsSlot, ProjectRoomSlot } from './ProjectPageSlots';

/**
 * `/projects/:owner/:name`: the project (projects feature) with its issues (the finder's own list, issues
 * feature), the groups around it (the groups' cards), its room (the messages feature's board) and its mentors
 * (mentors feature).
 */
export function ProjectPageRoute() {
  return (
    <ProjectPage
      renderIssues={({ projectId, name }) => (
        <ProjectIssues key={projectId} projectId={projectId} projectName={name} />
      )}
      renderGroups={({ groups, label }) => <GroupGrid groups={groups} label={label} />}
      renderRoom={(slot) => <ProjectRoomSlot {...slot} />}
      renderMentors={(slot) => <MentorsSlot {...slot} />}
      renderNotFound={() => <NotFoundPage />}
    />
  );
}
