import { errorMessage } from '../lib/error-message';
import { ErrorState } from './ErrorState';

export interface QueryErrorStateProps {
  /** The failed query, as useQuery gives it: Retry refetches it. */
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  /** What failed to load, in the plural ("invite links"): "The invite links could not be loaded." */
  what: string;
}

/** A list whose query failed: what could not be loaded, why, and Retry. */
export function QueryErrorState({ query, what }: QueryErrorStateProps) {
  return (
    <ErrorState
      title={`The ${what} could not be loaded.`}
      message={errorMessage(query.error, 'Check your connection and try again.')}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
