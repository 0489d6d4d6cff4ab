import { useRef, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { lazyDialog, lazyOnceWanted } from '../lib/lazy-component';
import { useSession } from '../session/session-context';
import { useSessionStart } from '../session/use-session-start';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { ScrollRestoration } from './ScrollRestoration';
import styles from './Layout.module.css';

/** Asks an anonymous user to sign in; its code loads the first time it opens. */
const LoginModal = lazyDialog(
  async () => (await import('../session/components/LoginModal')).LoginModal,
  (props: { open: boolean }) => props.open,
);

/**
 * Notices a signed-in session's end (session/use-session-expiry.ts). Its code loads when someone is first signed
 * in, since most visits are anonymous and need none of it; it stays mounted after signing out, so calls the
 * ended session still makes are told about once, by the expiry's own toast.
 */
const SessionExpiryWatch = lazyOnceWanted(
  async () => (await import('../session/use-session-expiry')).SessionExpiryWatch,
  (props: { signedIn: boolean }) => props.signedIn,
);

/** The frame of every page: navigation bar, the page itself, footer. Also settles the session on start. */
export function Layout() {
  useSessionStart();
  const { isLoggedIn, showLoginModal } = useSession();
  const mainRef = useRef<HTMLElement>(null);

  // A plain #main link would go through the router as a navigation; moving focus is all a skip link needs.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <>
      <a href="#main" className={styles.skipLink} onClick={skipToContent}>
        Skip to main content
      </a>
      <NavBar />
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <SessionExpiryWatch signedIn={isLoggedIn} />
      <LoginModal open={showLoginModal} />
      <ScrollRestoration />
    </>
  );
}
