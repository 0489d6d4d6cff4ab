import type { GroupProject } from '@openlfg/contracts';
import { useLocation } from 'react-router';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useSession } from '../../../session/session-context';
import { useSavedGroups } from '../api/get-saved-groups';
import { useToggleGroupSave } from '../api/save-group';
import styles from '../../../components/buttons.module.css';

/** "Save" / "Saved": signed out it asks to sign in; signed in it changes at once and back if refused. */
export function GroupSaveButton({ group }: { group: GroupProject }) {
  const { isLoggedIn, isLoginLoading, openLoginModal } = useSession();
  const { pathname, search } = useLocation();
  const savedGroups = useSavedGroups();
  const toggle = useToggleGroupSave();

  const inSavedList = savedGroups.data?.data.some((item) => item.groupProjectId === group.groupProjectId);
  const saved = toggle.isPending
    ? toggle.variables.save
    : (inSavedList ?? (toggle.isSuccess ? toggle.data.saved : false));

  const onClick = () => {
    if (isLoginLoading || toggle.isPending) return;
    if (!isLoggedIn) {
      openLoginModal(`${pathname}${search}`);
      return;
    }
    toggle.mutate({ group, save: !saved });
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
      <VisuallyHidden> {group.title}</VisuallyHidden>
    </button>
  );
}
