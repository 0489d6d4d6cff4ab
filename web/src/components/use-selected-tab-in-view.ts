import { useLayoutEffect, useRef } from 'react';

/**
 * For a strip of tabs that scrolls sideways on a phone: keeps the selected tab (aria-current="page") in view,
 * centred when it was off-screen, so its underline shows. Scrolls only the strip, never the page.
 */
export function useSelectedTabInView<T extends HTMLElement>(selected: string) {
  const stripRef = useRef<T>(null);
  useLayoutEffect(() => {
    const strip = stripRef.current;
    const tab = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !tab) return;
    // The strip is the tabs' offset parent (position: relative), so offsetLeft is the tab's place in its content.
    const start = tab.offsetLeft;
    const end = start + tab.offsetWidth;
    if (start >= strip.scrollLeft && end <= strip.scrollLeft + strip.clientWidth) return;
    strip.scrollLeft = Math.max(0, start - (strip.clientWidth - tab.offsetWidth) / 2);
  }, [selected]);
  return stripRef;
}
