import { useEffect, useRef, type RefObject } from 'react';
import { useDialog } from '../lib/use-dialog';
import { LoginButton } from '../session/components/LoginButton';
import { NotificationsMenuLink } from '../features/notifications/components/NotificationsMenuLink';
import { NavLinkList } from './NavLinkList';
import { ThemeToggle } from './ThemeToggle';
import { PostProjectLink } from './PostProjectLink';
import styles from './MobileMenu.module.css';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The button that opened the menu; focus goes back to it when the menu closes. */
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** Same value as --breakpoint-sm: from there on the bar shows every link and the menu has no purpose. */
const WIDE_VIEWPORT = '(min-width: 768px)';

/**
 * The side menu of small screens: slides in from the right over a dimmed overlay. While open it is a modal
 * dialog (focus kept inside, page scroll locked); closed, it stays in the DOM for the CSS transition but is
 * inert and invisible, so neither the keyboard nor screen readers reach it.
 */
export function MobileMenu({ id, open, onClose, returnFocusRef }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  const keepFocusInside = useDialog({ open, onClose, containerRef: panelRef, returnFocusRef });

  // Widening the window past the breakpoint hides the menu: close it so focus and scrolling come back.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(WIDE_VIEWPORT);
    const onViewportChange = (event: MediaQueryListEvent) => {
      if (event.matches) onClose();
    };
    wide.addEventListener('change', onViewportChange);
    return () => wide.removeEventListener('change', onViewportChange);
  }, [open, onClose]);

  return (
    <>
      <div
        data-testid="menu-overlay"
        className={open ? `${styles.overlay} ${styles.overlayOpen}` : styles.overlay}
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        data-testid="mobile-menu"
        className={open ? `${styles.panel} ${styles.panelOpen}` : styles.panel}
        inert={!open}
        // Set here rather than in the CSS class so that it holds in every environment; the stylesheet delays
        // the switch to hidden until the slide-out transition has finished.
        style={{ visibility: open ? 'visible' : 'hidden' }}
        onKeyDown={keepFocusInside}
      >
        <div className={styles.header}>
          <span className={styles.heading}>Menu</span>
          <button type="button" className={styles.close} aria-label="Close menu" onClick={onClose}>
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <nav aria-label="Main">
          <NavLinkList className={styles.links} linkClassName={styles.link} onNavigate={onClose} />
          <NotificationsMenuLink className={styles.link} onNavigate={onClose} />
        </nav>
        <div className={styles.actions}>
          <PostProjectLink className={styles.cta} onNavigate={onClose} />
          <LoginButton className={styles.login} />
          <ThemeToggle className={styles.theme} showLabel />
        </div>
      </div>
    </>
  );
}
