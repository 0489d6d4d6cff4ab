import { useReportedGroups } from '../api/get-reported-groups';
import { EmptyState, LoadState } from './LoadState';
import { ModerationSection, useSectionHeading } from './ModerationSection';
import { PagedList } from './PagedList';
import { ReportedGroupItem } from './ReportedGroupItem';
import styles from './Moderation.module.css';

/** The open reports, grouped by group project, each group to dismiss, hide or delete. */
export function ReportedGroups({ page }: { page: number }) {
  const groups = useReportedGroups(page);
  const { headingRef, focusHeading } = useSectionHeading();

  let content;
  if (!groups.data) content = <LoadState query={groups} what="reports" />;
  else if (groups.data.data.length === 0 && page <= groups.data.totalPages)
    content = <EmptyState title="No open reports." text="Reports users send about groups show up here." />;
  else
    content = (
      <ul className={styles.list} aria-label="Reported groups">
        {groups.data.data.map((group) => (
          <ReportedGroupItem key={group.groupId} group={group} onActed={focusHeading} />
        ))}
      </ul>
    );

  return (
    <ModerationSection
      title="Reports"
      headingRef={headingRef}
      intro="Groups users reported. Dismiss keeps the group; hiding takes it out of every list and closes its board to all but its owner, who sees your reason; deleting removes it for good. Its reporters' reports close with the outcome."
    >
      <PagedList
        tab="reports"
        page={page}
        totalPages={groups.data?.totalPages}
        isPlaceholderData={groups.isPlaceholderData}
        onPageChange={focusHeading}
      >
        {content}
      </PagedList>
    </ModerationSection>
  );
}
