import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Navigation state that asks the page it opens to move focus to its heading: after an action that takes the
 * user to a new page (posting a group opens it), focus lands where they now are, not on the link that led there.
 */
export const FOCUS_HEADING_STATE = { focus: 'heading' } as const;

function wantsHeadingFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { focus?: unknown }).focus === 'heading';
}

/** A ref for the page's heading (give it tabIndex -1), focused when the navigation asked for it. */
export function useHeadingFocus<T extends HTMLElement>() {
  const { state, key } = useLocation();
  const ref = useRef<T>(null);
  const wanted = wantsHeadingFocus(state);
  useEffect(() => {
    if (wanted) ref.current?.focus();
  }, [wanted, key]);
  return ref;
}
