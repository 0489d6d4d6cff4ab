import { type ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGroup } from '../api/get-group';
import { ReportModal } from '../components/ReportModal';
import styles from '../components/GroupPage.module.css';
import { GroupActions } from './GroupActions';
import { GroupHeading } from './GroupHeading';
import { MissingGroup } from './MissingGroup';
import { PRIVATE_GROUP_MESSAGE } from './page-slots';

/**
 * What someone outside a private group sees: its public card (as the lists show it), the notice that its
 * members and discussion are for members, and the ways to ask to join, save and report.
 */
export function PrivateGroup({ groupProjectId, hidden }: { groupProjectId: number; hidden: ReactNode }) {
  const card = useGroup(groupProjectId);
  useDocumentTitle(card.data?.title ?? 'Private group');
  if (card.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner size="large" label="Loading the group" />
      </div>
    );
  }
  if (card.isError) {
    // A hidden group is gone for all but its owner; a moderator may restore it from here.
    if (isApiError(card.error) && card.error.status === 404) return <MissingGroup hidden={hidden} />;
    return (
      <ErrorState
        title="The group could not be loaded."
        message={errorMessage(card.error, 'Check your connection and try again.')}
        onRetry={() => void card.refetch()}
        retrying={card.isFetching}
      />
    );
  }
  const { viewer, ...group } = card.data;
  return (
    <article className={styles.page}>
      <GroupHeading group={group} viewer={viewer} />
      <p role="status" className={styles.notice}>
        {PRIVATE_GROUP_MESSAGE}
      </p>
      <GroupActions group={group} viewer={viewer} />
      <ReportModal groupTitle={group.title} />
    </article>
  );
}
