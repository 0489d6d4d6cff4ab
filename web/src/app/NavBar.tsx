import { startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useFirstLookOver } from '../lib/first-look';
import { lazyComponent, retryFailedLoads } from '../lib/lazy-component';
import { LoginButton } from '../session/components/LoginButton';
import { useSession } from '../session/session-context';
import { NavLinkList } from './NavLinkList';
import { PostProjectLink } from './PostProjectLink';
import { ThemeToggle } from './ThemeToggle';
import styles from './NavBar.module.css';
// The side menu's styles come with the first visit's, though its code does not: a stylesheet added when that
// code arrives restyles the whole page, a task of 10 to 20 ms on a slow phone.
import './MobileMenu.module.css';
import '../features/notifications/components/NotificationsMenuLink.module.css';

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The side menu's code is not part of the first visit's: it loads once the visitor is past their first look at
 * the page (a tap, key or scroll, or a few seconds: `useFirstLookOver`), and the menu is mounted, closed, as soon
 * as it is there.
 */
const MobileMenu = lazyComponent(async () => (await import('./MobileMenu')).MobileMenu);
/** Signed-in users only, and loaded then: the bell's code and its socket stay out of a first visit's. */
const NotificationBell = lazyComponent(
  async () => (await import('../features/notifications/lazy-entry')).NotificationBell,
);

/** The black sticky bar on every page. Below the sm breakpoint its links move into the mobile menu. */
export function NavBar() {
  const location = useLocation();
  const { isLoggedIn } = useSession();
  // The menu is open for the location it was opened at: any navigation (a new location key) closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpenAt(null), []);
  const [menuLoaded, setMenuLoaded] = useState(MobileMenu.isLoaded);
  const firstLookOver = useFirstLookOver();
  useEffect(() => {
    if (menuLoaded || !firstLookOver) return;
    let mounted = true;
    // Offline, it stays unloaded: the first tap on the hamburger tries again. Mounted as a transition, in slices
    // the browser can answer a tap between: the closed menu is the whole navigation, a long task at once on a
    // slow phone while the visitor may be reading or scrolling. A tap on the hamburger meanwhile opens it at once.
    MobileMenu.preload().then(() => mounted && startTransition(() => setMenuLoaded(true)), retryFailedLoads);
    return () => {
      mounted = false;
    };
  }, [menuLoaded, firstLookOver]);

  return (
    <>
      <header className={styles.bar}>
        <div className={styles.inner}>
          <Link to="/" className={styles.brand} aria-label="OpenLFG home">
            <span className={styles.logo} aria-hidden="true" />
            <span className={styles.title}>OpenLFG</span>
          </Link>
          <nav aria-label="Main" className={styles.nav}>
            <NavLinkList className={styles.links} linkClassName={styles.link} />
          </nav>
          {isLoggedIn ? (
            <div className={styles.bell}>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            </div>
          ) : null}
          <ThemeToggle className={styles.theme} />
          <PostProjectLink className={styles.cta} tailClassName={styles.ctaTail} />
          <LoginButton className={styles.login} />
          <button
            ref={hamburgerRef}
            type="button"
            className={styles.hamburger}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpenAt(location.key)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </header>
      {menuLoaded || menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} onClose={closeMenu} returnFocusRef={hamburgerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
