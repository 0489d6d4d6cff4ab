import type { CatalogueHealth } from '@openlfg/contracts';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { toastError } from '../../../lib/error-message';
import { formatRelativeTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useRemoveProject } from '../api/remove-project';
import { githubUrl } from '../github-url';
import { ACTION_FAILED_MESSAGE } from './ReasonDialog';
import buttons from '../../../components/buttons.module.css';
import styles from './Moderation.module.css';

type ProblemProject = CatalogueHealth['problems']['data'][number];

/** An archived or unreachable repository, removed from the catalogue in one click. */
export function ProblemProjectItem({
  project,
  onRemoved,
}: {
  project: ProblemProject;
  onRemoved: () => void;
}) {
  const { id, repoExt, archived, unreachableSince } = project;
  const remove = useRemoveProject();

  // mutateAsync rather than mutate's callbacks: the item leaves the list (unmounts) as soon as the server agrees.
  const onRemove = async () => {
    if (remove.isPending) return;
    try {
      await remove.mutateAsync({
        projectId: id,
        reason: archived ? 'Archived on GitHub.' : 'Unreachable on GitHub.',
      });
    } catch (error) {
      toastError(error, ACTION_FAILED_MESSAGE, { clientErrorsOnly: true });
      return;
    }
    toast.success(`${repoExt} is removed from the catalogue.`);
    onRemoved();
  };

  return (
    <li className={`${styles.card} ${styles.row}`}>
      <div className={styles.stack}>
        <a className={styles.link} href={githubUrl(repoExt)} target="_blank" rel="noreferrer">
          {repoExt}
        </a>
        <p className={styles.muted}>
          {archived ? <span className={styles.badgeWarning}>Archived</span> : null}{' '}
          {unreachableSince ? (
            <>
              Unreachable since{' '}
              <time dateTime={unreachableSince}>{formatRelativeTime(unreachableSince)}</time>
            </>
          ) : null}
        </p>
      </div>
      <button
        type="button"
        className={buttons.danger}
        aria-disabled={remove.isPending || undefined}
        onClick={() => void onRemove()}
      >
        {remove.isPending ? 'Removing...' : 'Remove'}
        <VisuallyHidden> {repoExt}</VisuallyHidden>
      </button>
    </li>
  );
}
