import { useCallback } from 'react';
import { Modal } from '../../components/Modal';
import { useSession } from '../session-context';
import { LoginButton } from './LoginButton';
import styles from './LoginModal.module.css';

/**
 * Shown to an anonymous user who tried something that needs an account (save, join, post, report): the same
 * login button, coming back to where they were headed.
 */
export function LoginModal() {
  const { showLoginModal, setShowLoginModal, loginReturnTo, isLoggedIn } = useSession();
  const close = useCallback(() => setShowLoginModal(false), [setShowLoginModal]);
  return (
    <Modal
      open={showLoginModal && !isLoggedIn}
      onClose={close}
      title="Sign in to continue"
      description="Sign in with your GitHub account to save projects, post a group project, join groups and talk with them. OpenLFG only reads your public profile and public repositories."
    >
      <div className={styles.actions}>
        <LoginButton className={styles.login} returnTo={loginReturnTo} />
        <button type="button" className={styles.dismiss} onClick={close}>
          Not now
        </button>
      </div>
    </Modal>
  );
}
