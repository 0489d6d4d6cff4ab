import { FINDER_STALE_PUSH_DAYS, HIDDEN_QUIET_CAP, type FinderIssue } from '@openlfg/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { formatExactCount } from '../../../lib/format';
import { LoginButton } from '../../../session/components/LoginButton';
import { useSession } from '../../../session/session-context';
import { useIssues } from '../api/get-issues';
import { hasFilters, toIssueListRequest, type FinderQuery } from '../finder-query';
import { useLiveIssues } from '../use-live-issues';
import { FinderIssueRow, issueTitleId } from './FinderIssueRow';
import states from '../../../components/ResultStates.module.css';
import styles from './FinderResults.module.css';

export const EMPTY_TITLE = 'No issues match: try removing a filter.';
export const BEST_FOR_YOU_UNRANKED =
  'None of these matches the languages or topics of your public GitHub repositories (or GitHub could not be reached to read them), so the newest come first.';
export const BEST_FOR_YOU_EMPTY =
  'Best for you ranks by the languages and topics of your public repositories; none of them matched. Try another sort.';

/** What the finder says of the issues its freshness rule leaves out. */
export function hiddenQuietText(count: number, shown: boolean): string {
  const more = shown ? ' more' : '';
  // Counted up to the cap: "1,000+".
  const many = count >= HIDDEN_QUIET_CAP ? `${formatExactCount(HIDDEN_QUIET_CAP)}+` : String(count);
  return count === 1
    ? `1${more} issue is hidden because its project had no push in ${FINDER_STALE_PUSH_DAYS} days.`
    : `${many}${more} issues are hidden because their projects had no push in ${FINDER_STALE_PUSH_DAYS} days.`;
}

export interface FinderResultsProps {
  query: FinderQuery;
  /** The finder's address with `changes`; without it (a project's page) rows offer no narrowing to their project. */
  hrefFor?: (changes: Partial<FinderQuery>) => string;
  onClear: () => void;
  /** Tells the page the name of the project the list is narrowed to, once a row carries it. */
  onProjectName?: (name: string | null) => void;
  /** Whether anything is filtered beyond the defaults (the empty list offers Clear filters); the finder's rule if absent. */
  filtered?: boolean;
  /** What an empty, unfiltered list says. */
  noneText?: string;
  /** Switches the list to include quiet projects' issues ("Show them"); without it, none is offered. */
  onShowQuiet?: () => void;
}

/** The finder's issues page by page ("Load more"), with their loading, empty and error states. */
export function FinderResults({
  query,
  hrefFor,
  onClear,
  onProjectName,
  filtered = hasFilters(query),
  noneText = 'There are no open beginner issues in the catalogue right now.',
  onShowQuiet,
}: FinderResultsProps) {
  const { isLoggedIn, isLoginLoading } = useSession();
  const result = useIssues(toIssueListRequest(query));
  // Someone taking an issue on GitHub shows here without a reload.
  useLiveIssues();
  const issues = useMemo<FinderIssue[]>(
    () => result.data?.pages.flatMap((page) => page.data) ?? [],
    [result.data],
  );
  // The first page tells how many the freshness rule left out (absent when they are shown).
  const hiddenQuiet = result.data?.pages[0]?.hiddenQuiet ?? 0;
  const showQuiet = onShowQuiet ? (
    <button type="button" className={states.emptyAction} onClick={onShowQuiet}>
      Show them
    </button>
  ) : null;
  const busy = result.isPlaceholderData || (result.isFetching && !result.isFetchingNextPage);
  const projectName =
    query.projectId === null
      ? null
      : (issues.find((issue) => issue.project.projectId === query.projectId)?.project.name ?? null);
  useEffect(() => onProjectName?.(projectName), [projectName, onProjectName]);

  // Focus goes to the first new issue, so a keyboard user goes on reading where the list grew: once the rows
  // that answer brought are rendered (the effect below), not when the answer arrives.
  const focusNext = useRef<number | null>(null);
  const focusIfShown = () => {
    const title =
      focusNext.current === null ? null : document.getElementById(issueTitleId(focusNext.current));
    if (title) {
      focusNext.current = null;
      title.focus();
    }
  };
  const loadMore = () => {
    const shown = issues.length;
    void result.fetchNextPage().then(({ data }) => {
      focusNext.current = data?.pages.flatMap((page) => page.data)[shown]?.issueId ?? null;
      // The new rows may be on the page already, or come with the next render (the effect below).
      focusIfShown();
    });
  };
  useEffect(focusIfShown);

  let content;
  if (result.isPending) {
    content = (
      <div className={states.loading}>
        <Spinner size="large" label="Loading issues" />
      </div>
    );
  } else if (result.isError && issues.length === 0) {
    content = (
      <ErrorState
        title="The issues could not be loaded."
        message={errorMessage(result.error, 'Check your connection and try again.')}
        onRetry={() => void result.refetch()}
        retrying={result.isFetching}
      />
    );
  } else if (issues.length === 0 && hiddenQuiet > 0) {
    // One message: the freshness rule is what left the list empty, and one click shows those issues.
    content = (
      <div className={states.empty}>
        <p className={states.emptyTitle}>{hiddenQuietText(hiddenQuiet, false)}</p>
        {showQuiet}
      </div>
    );
  } else if (issues.length === 0) {
    content = (
      <div className={states.empty}>
        <p className={states.emptyTitle}>{filtered ? EMPTY_TITLE : noneText}</p>
        {query.sort === 'best_for_you' && isLoggedIn ? (
          <p className={states.emptyText}>{BEST_FOR_YOU_EMPTY}</p>
        ) : null}
        {filtered ? (
          <button type="button" className={states.emptyAction} onClick={onClear}>
            Clear filters
          </button>
        ) : null}
      </div>
    );
  } else {
    content = (
      <>
        {query.sort === 'best_for_you' && isLoggedIn && issues.every((issue) => issue.why === null) ? (
          <p className={styles.demo} role="note">
            {BEST_FOR_YOU_UNRANKED}
          </p>
        ) : null}
        {hiddenQuiet > 0 ? (
          <div className={styles.demo} role="note">
            <p>{hiddenQuietText(hiddenQuiet, true)}</p>
            {showQuiet}
          </div>
        ) : null}
        {issues.some((issue) => issue.isDemo) ? (
          <p className={styles.demo} role="note">
            These are demo issues: a fresh install shows made-up data until the catalogue sync runs.
          </p>
        ) : null}
        <ul className={styles.list} aria-label="Issues" aria-busy={busy || undefined}>
          {issues.map((issue) => (
            <FinderIssueRow
              key={issue.issueId}
              issue={issue}
              projectHref={hrefFor?.({ projectId: issue.project.projectId })}
            />
          ))}
        </ul>
        {result.isFetchNextPageError ? (
          <ErrorState
            title="More issues could not be loaded."
            message={errorMessage(result.error, 'Check your connection and try again.')}
            onRetry={loadMore}
            retrying={result.isFetchingNextPage}
          />
        ) : result.hasNextPage ? (
          <button
            type="button"
            className={styles.more}
            aria-disabled={result.isFetchingNextPage || undefined}
            onClick={() => {
              if (!result.isFetchingNextPage) loadMore();
            }}
          >
            {result.isFetchingNextPage ? 'Loading more issues…' : 'Load more issues'}
          </button>
        ) : (
          <p className={styles.end}>That is every issue that matches.</p>
        )}
      </>
    );
  }

  const askedForYou = query.sort === 'best_for_you';
  return (
    <section className={states.results} aria-label="Issue results">
      {askedForYou && !isLoggedIn && !isLoginLoading ? (
        <div className={styles.signIn} role="note">
          <p>
            Sign in to see the issues that suit the languages and topics of your own repositories. Until then,
            the newest come first.
          </p>
          <LoginButton className={styles.login} />
        </div>
      ) : null}
      <p className={styles.status} aria-live="polite">
        {result.isSuccess && !busy
          ? `${issues.length} ${issues.length === 1 ? 'issue' : 'issues'} shown`
          : ''}
      </p>
      {content}
    </section>
  );
}
