import { useEffect, useState, type ComponentProps } from 'react';
import type * as ToastifyModule from './toastify';

/**
 * Toasts for the whole app. Import them from here, never from 'react-toastify' itself: its default entry injects
 * a <style> tag at run time, which the site's Content-Security-Policy (style-src 'self') blocks, and it keeps a
 * separate toast store, so toasts sent through it would never reach our container.
 *
 * Few visits show a toast, so react-toastify and its stylesheet (`toastify.ts`) load with the first one, not with
 * the first visit's code: the container mounts then, and react-toastify shows the toasts sent before it was there.
 */
type Toastify = typeof ToastifyModule;

let toastify: Promise<Toastify> | undefined;
let loadedToastify: Toastify | undefined;
const waitingContainers = new Set<(loaded: Toastify) => void>();

function loadToastify(): Promise<Toastify> {
  if (toastify === undefined) {
    toastify = import('./toastify');
    toastify.then(
      (loaded) => {
        loadedToastify = loaded;
        waitingContainers.forEach((mount) => mount(loaded));
      },
      // Offline or a replaced chunk: the toast is lost, and the next one tries again.
      () => (toastify = undefined),
    );
  }
  return toastify;
}

export interface ToastOptions {
  /** A toast with the id of one on screen is not shown twice (by default, the id is the kind and message). */
  toastId?: string;
}

/** Ids of toasts sent while react-toastify is still on its way: they count as shown. */
const sentIds = new Set<string>();

/**
 * One toast per message at a time: a message already on screen is not stacked again (its id is the message
 * unless the caller names one).
 */
function show(kind: 'success' | 'error' | 'info', message: string, options?: ToastOptions) {
  const toastId = options?.toastId ?? `${kind}:${message}`;
  sentIds.add(toastId);
  void loadToastify().then((loaded) => {
    sentIds.delete(toastId);
    loaded.toast[kind](message, { ...options, toastId });
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  /** Whether the toast with this id is on screen, or on its way there. */
  isActive: (toastId: string) => sentIds.has(toastId) || (loadedToastify?.toast.isActive(toastId) ?? false),
};

type ToastContainerProps = ComponentProps<Toastify['ToastContainer']>;

/** Where toasts appear: nothing until the first toast has loaded react-toastify. */
export function ToastContainer(props: ToastContainerProps) {
  const [Container, setContainer] = useState(() => loadedToastify?.ToastContainer);
  useEffect(() => {
    let mounted = true;
    const mount = (loaded: Toastify) => {
      if (mounted) setContainer(() => loaded.ToastContainer);
    };
    waitingContainers.add(mount);
    if (loadedToastify) mount(loadedToastify);
    return () => {
      mounted = false;
      waitingContainers.delete(mount);
    };
  }, []);
  return Container ? <Container {...props} /> : null;
}

/** Loads react-toastify now (tests, which expect a toast as soon as it is sent, as a user sees the second one). */
export function preloadToasts(): Promise<unknown> {
  return loadToastify();
}
