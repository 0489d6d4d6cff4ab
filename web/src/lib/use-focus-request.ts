import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Focus for an element that outlives an action whose own control goes away (a heading or a status line):
 * `request()` focuses it on the next render, after any dialog has given focus back to its opener. The element
 * should take `tabIndex={-1}` when it is not focusable itself.
 */
export function useFocusRequest<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) ref.current?.focus();
  }, [requests]);
  const request = useCallback(() => setRequests((count) => count + 1), []);
  return [ref, request] as const;
}
