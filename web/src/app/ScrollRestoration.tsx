import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'openlfg-scroll-positions';

function savedPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Where the window is scrolled after a navigation, as in a site of separate pages: Back and Forward (and a reload)
 * return to where the user was on that entry; a link to another page starts at its top, or at the element its
 * `#hash` names; a change of the search only (filters, sort, pagination, a tab, a dialog's `?post=new`) leaves the
 * scroll where it is, since those controls move focus themselves.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const current = useRef(location);

  useLayoutEffect(() => {
    positions.current ??= savedPositions();
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (positions.current) positions.current[current.current.key] = window.scrollY;
    };
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or refused: a reload then starts at the top, nothing worse.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    const before = current.current;
    current.current = location;
    const saved = positions.current?.[location.key];
    if (action === 'POP') {
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (before !== location && before.pathname !== location.pathname) window.scrollTo(0, 0);
  }, [location, action]);

  return null;
}
