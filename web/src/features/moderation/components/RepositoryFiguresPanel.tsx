import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { useRepositoryFigures } from '../api/get-repository-figures';
import { Facts } from './Facts';
import styles from './Moderation.module.css';

/** The requested repository as GitHub describes it now (asked when the panel opens). */
export function RepositoryFiguresPanel({ requestId }: { requestId: number }) {
  const figures = useRepositoryFigures(requestId, true);
  if (figures.isPending) return <Spinner size="small" label="Asking GitHub" />;
  if (figures.isError)
    return (
      <ErrorState
        title="GitHub's figures could not be loaded."
        message={errorMessage(figures.error, 'Check your connection and try again.')}
        onRetry={() => void figures.refetch()}
        retrying={figures.isFetching}
      />
    );

  const { stars, forks, language, license, pushedAt, archived, description } = figures.data;
  const facts: [string, string][] = [
    ['Stars', formatCount(stars)],
    ['Forks', formatCount(forks)],
    ['Language', language ?? 'None given'],
    ['License', license ?? 'None given'],
    ['Last push', pushedAt ? formatRelativeTime(pushedAt) : 'Never'],
    ['Archived', archived ? 'Yes' : 'No'],
  ];
  return (
    <div className={styles.stack}>
      {description ? <p>{description}</p> : null}
      <Facts label="GitHub figures" facts={facts} />
    </div>
  );
}
