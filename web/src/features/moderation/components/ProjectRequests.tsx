import { useProjectRequests } from '../api/get-project-requests';
import { ModerationList } from './ModerationList';
import { ProjectRequestItem } from './ProjectRequestItem';

/** The queue of project requests, newest first, each to approve or reject. */
export function ProjectRequests({ page }: { page: number }) {
  return (
    <ModerationList
      tab="requests"
      page={page}
      title="Project requests"
      intro="Repositories users asked to add. Approving adds the project to the catalogue; its figures come with the next sync."
      query={useProjectRequests(page)}
      what="project requests"
      empty={{ title: 'No project requests are waiting.', text: 'New requests show up here.' }}
      keyOf={(request) => request.id}
      renderItem={(request, onDone) => <ProjectRequestItem request={request} onDecided={onDone} />}
    />
  );
}
