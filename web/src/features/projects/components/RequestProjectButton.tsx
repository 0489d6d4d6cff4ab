import { useCallback, useState } from 'react';
import { useSession } from '../../../session/session-context';
import { useSignInPrompt } from '../../../session/use-sign-in-prompt';
import { lazyDialog } from '../../../lib/lazy-component';
import styles from './ProjectControls.module.css';

const RequestProjectModal = lazyDialog(
  async () => (await import('./RequestProjectModal')).RequestProjectModal,
  ({ open }) => open,
);

/** Opens the request form; a signed-out user is asked to sign in first. */
export function RequestProjectButton() {
  const { isLoggedIn } = useSession();
  const account = useSignInPrompt();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  const onClick = () => account.whenSignedIn(() => setOpen(true));

  return (
    <>
      <button type="button" className={styles.requestButton} onClick={onClick}>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        Request a project
      </button>
      <RequestProjectModal open={open && isLoggedIn} onClose={close} />
    </>
  );
}
