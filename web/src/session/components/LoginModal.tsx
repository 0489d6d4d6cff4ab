import { useCallback, useRef } from 'react';
import { useDialog } from '../../lib/use-dialog';
import { useSession } from '../session-context';
import { LoginButton } from './LoginButton';
import styles from './LoginModal.module.css';

/**
 * Shown to an anonymous user who tried something that needs an account (save, join, post, report): the same
 * login button, coming back to where they were headed.
 */
export function LoginModal() {
  const { showLoginModal, setShowLoginModal, loginReturnTo, isLoggedIn } = useSession();
  const open = showLoginModal && !isLoggedIn;
  const dialogRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setShowLoginModal(false), [setShowLoginModal]);
  const keepFocusInside = useDialog({ open, onClose: close, containerRef: dialogRef });

  if (!open) return null;
  return (
    <>
      <div className={styles.overlay} aria-hidden="true" onClick={close} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-modal-title"
        aria-describedby="login-modal-text"
        className={styles.dialog}
        onKeyDown={keepFocusInside}
      >
        <h2 id="login-modal-title" className={styles.title}>
          Sign in to continue
        </h2>
        <p id="login-modal-text" className={styles.text}>
          Sign in with your GitHub account to save projects, post a group project, join groups and talk with
          them. OpenLFG only reads your public profile and public repositories.
        </p>
        <div className={styles.actions}>
          <LoginButton className={styles.login} returnTo={loginReturnTo} />
          <button type="button" className={styles.dismiss} onClick={close}>
            Not now
          </button>
        </div>
      </div>
    </>
  );
}
