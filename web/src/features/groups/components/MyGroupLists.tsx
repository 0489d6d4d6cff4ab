import type { GroupSummary, MyJoinRequest } from '@openlfg/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { errorMessage, toastError } from '../../../lib/error-message';
import { formatRelativeTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCreatedGroups } from '../api/get-created-groups';
import { useMyGroups } from '../api/get-my-groups';
import { useMyRequests } from '../api/get-my-requests';
import { useSavedGroups } from '../api/get-saved-groups';
import { useRequestToJoin } from '../api/request-to-join';
import buttons from '../../../components/buttons.module.css';
import cardStyles from './GroupCard.module.css';
import { GroupGrid } from './GroupGrid';
import styles from '../../../components/SavedList.module.css';
import own from './MyGroupLists.module.css';

interface ListViewProps<T> {
  query: UseQueryResult<{ data: T[] }>;
  what: string;
  empty: string;
  render: (items: T[]) => ReactNode;
}

function ListView<T>({ query, what, empty, render }: ListViewProps<T>) {
  if (query.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded.`}
        message={errorMessage(query.error, 'Check your connection and try again.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.data.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{empty}</p>
        <Link to="/group-projects" className={styles.emptyAction}>
          Browse groups
        </Link>
      </div>
    );
  }
  return render(query.data.data);
}

/**
 * The groups the user owns or joined, each with its role. `extraBadge` adds to a card's badges what another
 * feature knows of the group (the board's unread count), filled in by the page that composes them.
 */
export function MyGroupsView({ extraBadge }: { extraBadge?: (groupProjectId: number) => ReactNode } = {}) {
  const query = useMyGroups();
  return (
    <ListView
      query={query}
      what="your groups"
      empty="You are not in any group yet."
      render={(groups) => (
        <GroupGrid
          groups={groups}
          label="My groups"
          badgeOf={(group: GroupSummary) => {
            const role = groups.find((item) => item.groupProjectId === group.groupProjectId)?.role;
            return (
              <>
                {extraBadge?.(group.groupProjectId)}
                <span className={cardStyles.badgeRole}>{role === 'owner' ? 'Owner' : 'Member'}</span>
              </>
            );
          }}
        />
      )}
    />
  );
}

export function CreatedGroupsView() {
  const query = useCreatedGroups();
  return (
    <ListView
      query={query}
      what="the groups you posted"
      empty="You have not posted a group yet."
      render={(groups) => <GroupGrid groups={groups} label="Groups I posted" />}
    />
  );
}

export function SavedGroupsView() {
  const query = useSavedGroups();
  return (
    <ListView
      query={query}
      what="your saved groups"
      empty="You have not saved any groups yet."
      render={(groups) => <GroupGrid groups={groups} label="Saved groups" />}
    />
  );
}

/** When a request was asked or decided, as a requester reads it: "Declined 2 days ago". */
export function requestStatusText(request: MyJoinRequest): string {
  if (request.status === 'pending' || request.decidedAt === null) {
    return `asked ${formatRelativeTime(request.requestedAt)}`;
  }
  const when = formatRelativeTime(request.decidedAt);
  return `${request.status === 'approved' ? 'Approved' : 'Declined'} ${when.includes('ago') ? when : `on ${when}`}`;
}

/**
 * The user's requests to join: pending ones with Cancel, and those the owner decided in the last 30 days with
 * the decision, its time and the owner's note.
 */
export function MyRequestsView() {
  const query = useMyRequests();
  const cancel = useRequestToJoin();
  return (
    <ListView
      query={query}
      what="your requests"
      empty="You have no pending requests."
      render={(requests) => (
        <ul className={own.requests} aria-label="My requests">
          {requests.map((request) => (
            <li key={request.groupProjectId} className={own.request}>
              <span className={own.requestText}>
                <Link to={`/group-projects/${request.groupProjectId}`} className={own.requestTitle}>
                  {request.title}
                </Link>
                <span className={own.requestDate}>{requestStatusText(request)}</span>
                {request.note ? <span className={own.requestNote}>“{request.note}”</span> : null}
              </span>
              {request.status !== 'pending' ? null : (
                <button
                  type="button"
                  className={buttons.action}
                  disabled={
                    cancel.isPending && cancel.variables.group.groupProjectId === request.groupProjectId
                  }
                  onClick={() =>
                    cancel.mutate(
                      { group: requestAsGroup(request), request: false },
                      {
                        onSuccess: () => toast.success('Request cancelled.'),
                        onError: (error) =>
                          toastError(error, 'Could not cancel the request, please try again.', {
                            clientErrorsOnly: true,
                          }),
                      },
                    )
                  }
                >
                  Cancel request<VisuallyHidden> to join {request.title}</VisuallyHidden>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    />
  );
}

/** Enough of a group for the cache update after a cancel (the lists refetch the rest). */
function requestAsGroup(request: {
  groupProjectId: number;
  title: string;
  requestedAt: string;
}): GroupSummary {
  return {
    groupProjectId: request.groupProjectId,
    title: request.title,
    excerpt: '',
    repoExt: null,
    topics: [],
    skillLevel: 'Any level',
    visibility: 'private',
    maxMembers: null,
    memberCount: 0,
    saves: 0,
    datePosted: request.requestedAt,
    owner: { login: '', avatarUrl: null },
  };
}
