import { useCallback, useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement | null): HTMLElement[] {
  return container ? Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
}

export interface DialogOptions {
  open: boolean;
  onClose: () => void;
  /** The element that holds the dialog's content; focus is kept inside it while open. */
  containerRef: RefObject<HTMLElement | null>;
  /** Where focus goes back when the dialog closes; by default, whatever had focus when it opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes when the dialog opens (a form's first field, say); by default its first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * What every modal surface (side menu, dialogs) does while open: locks page scrolling, moves focus in and
 * back out, closes on Escape, and keeps Tab / Shift+Tab inside. Returns the keydown handler for the container.
 */
export function useDialog({ open, onClose, containerRef, returnFocusRef, initialFocusRef }: DialogOptions) {
  const wasOpen = useRef(false);
  const focusedBefore = useRef<HTMLElement | null>(null);

  // Layout effects: the page's scroll and focus come back in the very commit that closes the dialog. As passive
  // effects they waited for React's next flush, which a transition rendering meanwhile (a list's first answer
  // drawn in the background) put off: the dialog was gone while the page stayed locked and focus sat on the
  // body, where a keyboard user's next Tab started from.
  useLayoutEffect(() => {
    if (!open) return;
    const { body } = document;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previousOverflow;
    };
  }, [open]);

  useLayoutEffect(() => {
    if (open) {
      wasOpen.current = true;
      focusedBefore.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      (initialFocusRef?.current ?? focusableIn(containerRef.current)[0])?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      (returnFocusRef?.current ?? focusedBefore.current)?.focus();
    }
  }, [open, containerRef, returnFocusRef, initialFocusRef]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Tab') return;
      const container = containerRef.current;
      const items = focusableIn(container);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !container?.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [containerRef],
  );
}
