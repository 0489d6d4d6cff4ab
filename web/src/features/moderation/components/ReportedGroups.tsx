import { useReportedGroups } from '../api/get-reported-groups';
import { ModerationList } from './ModerationList';
import { ReportedGroupItem } from './ReportedGroupItem';

/** The open reports, grouped by group project, each group to dismiss, hide or delete. */
export function ReportedGroups({ page }: { page: number }) {
  return (
    <ModerationList
      tab="reports"
      page={page}
      title="Reports"
      listLabel="Reported groups"
      intro="Groups users reported. Dismiss keeps the group; hiding takes it out of every list and closes its board to all but its owner, who sees your reason; deleting removes it for good. Its reporters' reports close with the outcome."
      query={useReportedGroups(page)}
      what="reports"
      empty={{ title: 'No open reports.', text: 'Reports users send about groups show up here.' }}
      keyOf={(group) => group.groupId}
      renderItem={(group, onDone) => <ReportedGroupItem group={group} onActed={onDone} />}
    />
  );
}
