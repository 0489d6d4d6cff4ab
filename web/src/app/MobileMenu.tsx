import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { LoginButton } from '../features/session/components/LoginButton';
import { NavLinkList } from './NavLinkList';
import { POST_GROUP_PROJECT_LINK } from './nav-links';
import styles from './MobileMenu.module.css';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The button that opened the menu; focus goes back to it when the menu closes. */
  returnFocusRef: RefObject<HTMLElement | null>;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Same value as --breakpoint-sm: from there on the bar shows every link and the menu has no purpose. */
const WIDE_VIEWPORT = '(min-width: 768px)';

function focusableIn(container: HTMLElement | null): HTMLElement[] {
  return container ? Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
}

/**
 * The side menu of small screens: slides in from the right over a dimmed overlay. While open it is a modal
 * dialog (focus kept inside, page scroll locked); closed, it stays in the DOM for the CSS transition but is
 * inert and invisible, so neither the keyboard nor screen readers reach it.
 */
export function MobileMenu({ id, open, onClose, returnFocusRef }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  // Lock page scrolling while open; put back whatever was there before.
  useEffect(() => {
    if (!open) return;
    const { body } = document;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previousOverflow;
    };
  }, [open]);

  // Focus moves into the menu when it opens and back to the hamburger when it closes.
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      focusableIn(panelRef.current)[0]?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      returnFocusRef.current?.focus();
    }
  }, [open, returnFocusRef]);

  // Escape closes; so does widening the window past the breakpoint, where the menu is not shown.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      }
    };
    const wide = window.matchMedia(WIDE_VIEWPORT);
    const onViewportChange = (event: MediaQueryListEvent) => {
      if (event.matches) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    wide.addEventListener('change', onViewportChange);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onViewportChange);
    };
  }, [open, onClose]);

  // Tab and Shift+Tab wrap around inside the menu.
  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const items = focusableIn(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !panelRef.current?.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

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
        </nav>
        <div className={styles.actions}>
          <Link to={POST_GROUP_PROJECT_LINK.to} className={styles.cta} onClick={onClose}>
            {POST_GROUP_PROJECT_LINK.label}
          </Link>
          <LoginButton className={styles.login} />
        </div>
      </div>
    </>
  );
}
