import { formatRelativeTime } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-date-time';
import { useAuditLog } from '../api/get-audit-log';
import { describeAuditEntry } from '../audit-text';
import { EmptyState, LoadState } from './LoadState';
import { ModerationSection, useSectionHeading } from './ModerationSection';
import { PagedList } from './PagedList';
import styles from './Moderation.module.css';

/** Every moderation action, newest first: who, what, when, on which object, and why. Nothing here edits it. */
export function AuditLog({ page }: { page: number }) {
  const audit = useAuditLog(page);
  const { headingRef, focusHeading } = useSectionHeading();

  let content;
  if (!audit.data) content = <LoadState query={audit} what="audit log" />;
  else if (audit.data.data.length === 0 && page <= audit.data.totalPages)
    content = <EmptyState title="No moderation actions yet." />;
  else
    content = (
      <ol className={styles.entries} aria-label="Audit log entries">
        {audit.data.data.map((entry) => (
          <li key={entry.id} className={styles.entry}>
            <p>
              <strong>{entry.actor}</strong> {describeAuditEntry(entry)}
            </p>
            <p className={styles.muted}>
              <time dateTime={entry.at} title={formatDateTime(entry.at)}>
                {formatRelativeTime(entry.at)}
              </time>
            </p>
            {entry.reason ? <p className={styles.reason}>Reason: {entry.reason}</p> : null}
          </li>
        ))}
      </ol>
    );

  return (
    <ModerationSection
      title="Audit log"
      headingRef={headingRef}
      intro="Every moderation action is written here and never changed."
    >
      <PagedList
        tab="audit"
        page={page}
        totalPages={audit.data?.totalPages}
        isPlaceholderData={audit.isPlaceholderData}
        onPageChange={focusHeading}
      >
        {content}
      </PagedList>
    </ModerationSection>
  );
}
