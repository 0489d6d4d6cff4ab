import type { ReactNode } from 'react';
import styles from './ErrorState.module.css';

export interface ErrorStateProps {
  /** What failed, in a few words ("The projects could not be loaded."). */
  title: string;
  /** The reason, when known (usually the server's message). */
  message?: ReactNode;
  onRetry?: () => void;
  /** True while the retry is running: the button says so and does nothing. */
  retrying?: boolean;
  /** Another way forward beside "Try again" (a link to the same thing elsewhere, say). */
  children?: ReactNode;
}

/** A failed load: what failed, why, and a "Try again" button. */
export function ErrorState({ title, message, onRetry, retrying = false, children }: ErrorStateProps) {
  return (
    <div role="alert" className={styles.error}>
      <p className={styles.title}>{title}</p>
      {message ? <p className={styles.message}>{message}</p> : null}
      {onRetry ? (
        <button
          type="button"
          className={styles.retry}
          aria-disabled={retrying || undefined}
          onClick={() => {
            if (!retrying) onRetry();
          }}
        >
          {retrying ? 'Trying again...' : 'Try again'}
        </button>
      ) : null}
      {children}
    </div>
  );
}
