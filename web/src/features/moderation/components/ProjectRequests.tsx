import { useProjectRequests } from '../api/get-project-requests';
import { EmptyState, LoadState } from './LoadState';
import { ModerationSection, useSectionHeading } from './ModerationSection';
import { PagedList } from './PagedList';
import { ProjectRequestItem } from './ProjectRequestItem';
import styles from './Moderation.module.css';

/** The queue of project requests, newest first, each to approve or reject. */
export function ProjectRequests({ page }: { page: number }) {
  const requests = useProjectRequests(page);
  const { headingRef, focusHeading } = useSectionHeading();

  let content;
  if (!requests.data) content = <LoadState query={requests} what="project requests" />;
  else if (requests.data.data.length === 0 && page <= requests.data.totalPages)
    content = <EmptyState title="No project requests are waiting." text="New requests show up here." />;
  else
    content = (
      <ul className={styles.list} aria-label="Project requests">
        {requests.data.data.map((request) => (
          <ProjectRequestItem key={request.id} request={request} onDecided={focusHeading} />
        ))}
      </ul>
    );

  return (
    <ModerationSection
      title="Project requests"
      headingRef={headingRef}
      intro="Repositories users asked to add. Approving adds the project to the catalogue; its figures come with the next sync."
    >
      <PagedList
        tab="requests"
        page={page}
        totalPages={requests.data?.totalPages}
        isPlaceholderData={requests.isPlaceholderData}
        onPageChange={focusHeading}
      >
        {content}
      </PagedList>
    </ModerationSection>
  );
}
