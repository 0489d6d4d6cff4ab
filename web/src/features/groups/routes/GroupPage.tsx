import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSessionCookieSettled } from '../../../session/use-session-cookie-settled';
import { useDiscussionInfo } from '../api/get-discussion-info';
import { getGroupsQueryKey } from '../api/query-keys';
import styles from '../components/GroupPage.module.css';
import { GroupDetails } from '../group-page/GroupDetails';
import { MissingGroup } from '../group-page/MissingGroup';
import type { RenderDiscussion, RenderHidden } from '../group-page/page-slots';
import { PrivateGroup } from '../group-page/PrivateGroup';

export type { DiscussionSlot, RenderDiscussion, RenderHidden } from '../group-page/page-slots';

/** The group's details are for its members: someone outside a private group sees its public card. */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || (error.status === 403 && error.code === 'FORBIDDEN'));
}

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

export function GroupPage({
  renderDiscussion,
  renderHidden,
}: {
  renderDiscussion?: RenderDiscussion;
  renderHidden?: RenderHidden;
}) {
  const params = useParams();
  const groupProjectId = parseId(params.groupProjectId);
  return groupProjectId === null ? (
    <MissingGroup />
  ) : (
    <GroupPageFor
      groupProjectId={groupProjectId}
      renderDiscussion={renderDiscussion}
      renderHidden={renderHidden}
    />
  );
}

function GroupPageFor({
  groupProjectId,
  renderDiscussion,
  renderHidden,
}: {
  groupProjectId: number;
  renderDiscussion: RenderDiscussion | undefined;
  renderHidden: RenderHidden | undefined;
}) {
  const queryClient = useQueryClient();
  // A moderator restored the group from this page: everything about groups loads again, this page included.
  const onRestored = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getGroupsQueryKey() }),
    [queryClient],
  );
  const hidden = renderHidden?.({ groupProjectId, onRestored });
  // The group is asked for while the session check is on its way, not after it: the server answers for the
  // session cookie the request carries (a private group's details only to its members), so the page shows as
  // soon as the group's answer is in.
  const info = useDiscussionInfo(groupProjectId, useSessionCookieSettled());
  // A refused query that refetches (after a request to join, say) has no data and counts as loading again: the
  // page keeps showing what it showed for the refusal meanwhile, so it never blanks and keeps its buttons.
  const refused = info.isError && isRefusal(info.error);
  const [showingPrivate, setShowingPrivate] = useState(refused);
  if (!info.isPending && refused !== showingPrivate) setShowingPrivate(refused);

  if (info.isPending && info.isFetching && showingPrivate)
    return <PrivateGroup groupProjectId={groupProjectId} hidden={hidden} />;
  if (info.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner size="large" label="Loading the group" />
      </div>
    );
  }
  if (info.isError) {
    const { error } = info;
    if (isApiError(error) && error.status === 404) return <MissingGroup hidden={hidden} />;
    if (refused) return <PrivateGroup groupProjectId={groupProjectId} hidden={hidden} />;
    return (
      <ErrorState
        title="The group could not be loaded."
        message={errorMessage(error, 'Check your connection and try again.')}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    );
  }
  return <GroupDetails info={info.data.data} renderDiscussion={renderDiscussion} />;
}
