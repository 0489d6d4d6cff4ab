import type { Project } from '@openlfg/contracts';
import { useLocation } from 'react-router';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useSession } from '../../../session/session-context';
import { useSavedProjects } from '../api/get-saved-projects';
import { useToggleProjectSave } from '../api/save-project';
import styles from './ProjectCard.module.css';

/**
 * "Save" / "Saved", a toggle button. Signed out, it asks the user to sign in (coming back to this page);
 * signed in, it changes at once and changes back if the server refuses.
 */
export function SaveButton({ project }: { project: Project }) {
  const { isLoggedIn, isLoginLoading, openLoginModal } = useSession();
  const { pathname, search } = useLocation();
  const savedProjects = useSavedProjects();
  const toggle = useToggleProjectSave();

  const inSavedList = savedProjects.data?.data.some((item) => item.projectId === project.projectId);
  const saved = toggle.isPending
    ? toggle.variables.save
    : (inSavedList ?? (toggle.isSuccess ? toggle.data.saved : false));

  const onClick = () => {
    if (isLoginLoading || toggle.isPending) return;
    if (!isLoggedIn) {
      openLoginModal(`${pathname}${search}`);
      return;
    }
    toggle.mutate({ project, save: !saved });
  };

  return (
    <button
      type="button"
      className={saved ? `${styles.action} ${styles.saved}` : styles.action}
      aria-pressed={isLoggedIn ? saved : false}
      onClick={onClick}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {saved ? 'Saved' : 'Save'}
      <VisuallyHidden> {project.name}</VisuallyHidden>
    </button>
  );
}
