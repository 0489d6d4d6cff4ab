import type { FinderIssue, IssueListResponse } from '@openlfg/contracts';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { ISSUE_LISTS_QUERY_KEY, PROJECT_ISSUES_QUERY_KEY } from '../query-keys';
import { getMyClaimsQueryOptions } from './get-my-claims';

export interface ClaimVariables {
  issueId: number;
  /** Renew the user's own claim: it runs its full time again from now. */
  renew?: boolean;
}

export function claimIssue({ issueId, renew }: ClaimVariables) {
  return callApi('claimIssue', { body: renew ? { issueId, renew } : { issueId } });
}

export function releaseClaim(issueId: number) {
  return callApi('releaseIssueClaim', { body: { issueId } });
}

/**
 * "I'm working on this", or renewing one's claim. The claimed issue takes the server's new answer in every cached finder page at once, in
 * place: a list that hides taken issues keeps showing it (with Release) until it is loaded again.
 */
export function useClaimIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimIssue,
    onSuccess: ({ issue }) => replaceIssue(queryClient, issue),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMyClaimsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: PROJECT_ISSUES_QUERY_KEY }),
      ]),
  });
}

/** Releases the user's claim; the finder's pages load again, since what else holds the issue is the server's to say. */
export function useReleaseClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseClaim,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMyClaimsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ISSUE_LISTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECT_ISSUES_QUERY_KEY }),
      ]),
  });
}

/** Puts `issue` in place of its old copy in every cached finder page, keeping the row's "why" (best for you). */
function replaceIssue(queryClient: QueryClient, issue: FinderIssue) {
  queryClient.setQueriesData<InfiniteData<IssueListResponse>>({ queryKey: ISSUE_LISTS_QUERY_KEY }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            data: page.data.map((row) =>
              row.issueId === issue.issueId ? { ...issue, why: issue.why ?? row.why } : row,
            ),
          })),
        }
      : old,
  );
}
