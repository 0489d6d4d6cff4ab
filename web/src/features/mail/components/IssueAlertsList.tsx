import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteIssueAlert, useIssueAlerts } from '../../../issue-alerts/api';
import buttons from '../../../components/buttons.module.css';
import styles from './IssueAlertsList.module.css';

/** The user's alerts for new issues, each opening its finder and removable; in the notification settings. */
export function IssueAlertsList() {
  const alerts = useIssueAlerts(true);
  const remove = useDeleteIssueAlert();

  let body;
  if (alerts.isPending) body = <Spinner label="Loading your alerts" />;
  else if (alerts.isError)
    body = (
      <ErrorState
        title="Your alerts could not be loaded."
        message={errorMessage(alerts.error, 'Check your connection and try again.')}
        onRetry={() => void alerts.refetch()}
        retrying={alerts.isFetching}
      />
    );
  else if (alerts.data.data.length === 0)
    body = (
      <p className={styles.status}>
        None yet. In <Link to="/issues">Find an issue</Link>, choose filters, then “Tell me about new issues
        like these”.
      </p>
    );
  else
    body = (
      <>
        <p className={styles.status}>
          {alerts.data.data.length} of {alerts.data.limit}: each tells you in the bell (and by mail, when it
          is on) at most once an hour.
        </p>
        <ul className={styles.list} aria-label="Your alerts">
          {alerts.data.data.map((alert) => (
            <li key={alert.id} className={styles.item}>
              <Link to={`/issues${alert.finderQuery}`}>{alert.name}</Link>
              <button
                type="button"
                className={buttons.link}
                aria-label={`Remove the alert ${alert.name}`}
                aria-disabled={remove.isPending || undefined}
                onClick={() => {
                  if (remove.isPending) return;
                  remove.mutate(alert.id, {
                    onSuccess: () => toast.success(`Removed the alert '${alert.name}'.`),
                    onError: (error) =>
                      toast.error(errorMessage(error, 'The alert could not be removed. Try again.')),
                  });
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <section className={styles.panel} aria-labelledby="issue-alerts-heading">
      <h2 id="issue-alerts-heading" className={styles.heading}>
        Alerts for new issues
      </h2>
      {body}
    </section>
  );
}
