import { QueryErrorState } from '../../../components/QueryErrorState';
import { Spinner } from '../../../components/Spinner';
import states from '../../../components/ResultStates.module.css';

export interface LoadStateProps {
  /** The query's state, as useQuery gives it. */
  query: { isPending: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  /** What is loading, in a few words ("project requests"). */
  what: string;
}

/** A list that has no answer yet: the spinner while it loads, or what failed with "Try again". */
export function LoadState({ query, what }: LoadStateProps) {
  if (query.isPending) {
    return (
      <div className={states.loading}>
        <Spinner size="large" label={`Loading ${what}`} />
      </div>
    );
  }
  return <QueryErrorState query={query} what={what} />;
}

/** A list with nothing in it: a short title and, when useful, a line more. */
export function EmptyState({ title, text }: { title: string; text?: string }) {
  return (
    <div className={states.empty}>
      <p className={states.emptyTitle}>{title}</p>
      {text ? <p className={states.emptyText}>{text}</p> : null}
    </div>
  );
}
