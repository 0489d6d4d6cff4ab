import { useSyncExternalStore } from 'react';

/**
 * What the visitor does first that says they are past their first look at the page. `input` too: a phone's
 * keyboard, a paste or dictation may change a field without a key event.
 */
const FIRST_ACTIONS = ['pointerdown', 'keydown', 'scroll', 'input'] as const;
/** Otherwise the first look ends this long after the page opened. */
export const FIRST_LOOK_MS = 3000;

/**
 * Runs `run` once, at the visitor's first action or `FIRST_LOOK_MS` after the page opened. Not at the browser's
 * first idle moment: while a page waits for its own code and data the browser is idle, and on a slow phone what
 * loads then takes its share of the network from what the page is waiting for. Answers a function that cancels
 * it.
 */
function afterFirstLook(run: () => void): () => void {
  const once = () => {
    stop();
    run();
  };
  const timer = window.setTimeout(once, FIRST_LOOK_MS);
  const stop = () => {
    window.clearTimeout(timer);
    for (const type of FIRST_ACTIONS) window.removeEventListener(type, once, true);
  };
  for (const type of FIRST_ACTIONS) window.addEventListener(type, once, { capture: true, passive: true });
  return stop;
}

/** Once over, the first look stays over for the rest of the visit (a page the app moves to is not a new look). */
let over = false;
const listeners = new Set<() => void>();
let cancelWatch: (() => void) | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  cancelWatch ??= afterFirstLook(() => {
    // After the event: the visitor's first tap or key is answered before what waited for it renders again (React
    // renders a store's change at once, inside the event). And each part in a task of its own: React renders
    // each part told at once, and all of them in one go (the bar's side menu, a filter's options, a form's
    // topics) made one long task on a slow phone.
    setTimeout(() => {
      over = true;
      for (const notify of [...listeners]) setTimeout(notify, 0);
    }, 0);
  });
  return () => {
    listeners.delete(listener);
  };
}

const isOver = () => over;
/** A page rendered on the server is rendered for its first look. */
const isOverOnServer = () => false;

/**
 * Whether the visitor is past their first look at the page (see `afterFirstLook`). For what a page may want
 * only once the visitor does something: a dropdown's options are asked for then, not as the page starts, when
 * starting the request competes with the page's own start.
 */
export function useFirstLookOver(): boolean {
  return useSyncExternalStore(subscribe, isOver, isOverOnServer);
}

/** Tests only: a new visit. */
export function resetFirstLook(): void {
  over = false;
  cancelWatch?.();
  cancelWatch = null;
}
