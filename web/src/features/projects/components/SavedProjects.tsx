import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useSavedProjects } from '../api/get-saved-projects';
import { ProjectGrid } from './ProjectGrid';
import styles from '../../../components/SavedList.module.css';

export const NO_SAVED_PROJECTS_MESSAGE = 'You have not saved any projects yet.';

/**
 * The signed-in user's saved projects, as cards with the same save toggle (unsaving one takes it off the
 * list). For signed-in pages only: it asks for nothing while signed out.
 */
export function SavedProjects() {
  const saved = useSavedProjects();
  return <KeepsFocus count={saved.data?.data.length ?? 0}>{content(saved)}</KeepsFocus>;
}

/**
 * Unsaving a project takes its card, and the focused button with it, off the page: focus then stays here
 * (where the card was) instead of falling back to the top of the document.
 */
function KeepsFocus({ count, children }: { count: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const previousCount = useRef(count);
  useEffect(() => {
    const removed = count < previousCount.current;
    previousCount.current = count;
    const active = document.activeElement;
    if (removed && (active === null || active === document.body)) ref.current?.focus({ preventScroll: true });
  }, [count]);
  return (
    <div ref={ref} tabIndex={-1} className={styles.wrapper}>
      {children}
    </div>
  );
}

function content(saved: ReturnType<typeof useSavedProjects>) {
  if (saved.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading your saved projects" />
      </div>
    );
  }
  if (saved.isError) {
    return (
      <ErrorState
        title="Your saved projects could not be loaded."
        message={errorMessage(saved.error, 'Check your connection and try again.')}
        onRetry={() => void saved.refetch()}
        retrying={saved.isFetching}
      />
    );
  }
  if (saved.data.data.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{NO_SAVED_PROJECTS_MESSAGE}</p>
        <p className={styles.emptyText}>
          Save projects from the list to keep them here, with their issues a click away.
        </p>
        <Link to="/" className={styles.emptyAction}>
          Browse open source projects
        </Link>
      </div>
    );
  }
  return <ProjectGrid projects={saved.data.data} label="Saved projects" />;
}
