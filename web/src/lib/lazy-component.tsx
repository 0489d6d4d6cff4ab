import {
  createContext,
  startTransition,
  Suspense,
  use,
  useCallback,
  useContext,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

export interface LazyComponent<P extends object> {
  (props: P): React.JSX.Element;
  /** Starts loading the component's code (once), resolving when it is there. */
  preload: () => Promise<unknown>;
  /** Whether its code is there, so it renders without suspending. */
  isLoaded: () => boolean;
}

const everyLazyComponent = new Set<{ preload: () => Promise<unknown> }>();
/** How to forget each load that failed, so that the next render tries again. */
const failedLoads = new Set<() => void>();
/** What a lazy component that suspends under a `CodeSuspense` calls when its code arrives: that boundary's. */
const ShowArrivedContext = createContext<(() => void) | null>(null);

/**
 * A Suspense boundary that shows lazily loaded code under it as soon as it arrives. Left to React, content whose
 * code arrives after the boundary showed its fallback is held back until 300 ms after that fallback (its
 * throttle for Suspense retries, which an ordinary update does not have): a page opened from a link showed its
 * spinner that much longer. Here a lazy component that suspends under the boundary has it render again when its
 * code arrives: only this boundary's part re-renders, and only for code it waited for. (Every boundary used to
 * re-render at the sync lane on every chunk's arrival: the chunks a page loads after it is taken over
 * re-rendered the whole page in one long task.) The re-render is a transition: React renders the arrived part in
 * slices of a few milliseconds, each in a task of its own, where an ordinary update rendered it in one (the
 * page a route's chunk brings, about 20 ms on this machine and four times that on Lighthouse's phone, its
 * blocking time on /group-projects). Nothing shown is hidden by it: the boundary's fallback is already up, and a
 * part under it that suspends again keeps it up until its own code arrives, as an ordinary update did.
 */
export function CodeSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [, setArrivals] = useState(0);
  const showArrived = useCallback(() => startTransition(() => setArrivals((count) => count + 1)), []);
  return (
    <ShowArrivedContext value={showArrived}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ShowArrivedContext>
  );
}

/**
 * A component whose code arrives when it is first rendered, so it stays out of the first visit's JavaScript: it
 * suspends (the nearest Suspense shows its fallback) until its chunk has loaded, then renders at once on every
 * later render. A chunk that fails to load throws to the nearest error boundary; the next page tries again
 * (`retryFailedLoads`).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded = false;
  /** The boundaries to show it in when it arrives: those it suspended under. */
  const awaitedBy = new Set<() => void>();
  const preload = () => {
    if (loading === undefined) {
      // React's `use` reads a promise marked settled (these fields) at once, without suspending.
      const promise = Object.assign(load(), { status: 'pending' });
      promise.then(
        (component) => {
          loaded = true;
          Object.assign(promise, { status: 'fulfilled', value: component });
          awaitedBy.forEach((showArrived) => showArrived());
          awaitedBy.clear();
        },
        (reason: unknown) => {
          // Kept, so that every render throws it to the error boundary rather than loading again in a loop.
          Object.assign(promise, { status: 'rejected', reason });
          failedLoads.add(() => {
            if (loading === promise) loading = undefined;
          });
        },
      );
      loading = promise;
    }
    return loading;
  };
  function Lazy(props: P) {
    const promise = preload();
    const showArrived = useContext(ShowArrivedContext);
    if (showArrived && !loaded) awaitedBy.add(showArrived);
    const Component = use(promise);
    // The same component on every render: `use` reads the one promise of its chunk (the rule cannot tell).
    // eslint-disable-next-line react-hooks/static-components
    return <Component {...props} />;
  }
  Lazy.preload = preload;
  Lazy.isLoaded = () => loaded;
  everyLazyComponent.add(Lazy);
  return Lazy;
}

/**
 * A part whose code loads the first time `isWanted(props)` holds, and which stays mounted after that, wanted or
 * not: a dialog, so that focus can go back to what opened it once closed; what watches a signed-in session, so
 * that it still hears of the session's end after the sign-out it caused. Nothing shows while its code is on its
 * way (a few milliseconds after a click).
 */
export function lazyOnceWanted<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isWanted: (props: P) => boolean,
): LazyComponent<P> {
  const Part = lazyComponent(load);
  function LazyPart(props: P) {
    const [wanted, setWanted] = useState(false);
    if (isWanted(props) && !wanted) setWanted(true);
    return <CodeSuspense fallback={null}>{wanted ? <Part {...props} /> : null}</CodeSuspense>;
  }
  LazyPart.preload = Part.preload;
  LazyPart.isLoaded = Part.isLoaded;
  return LazyPart;
}

/** A dialog whose code loads when it first opens, mounted from then on (`lazyOnceWanted`). */
export const lazyDialog = lazyOnceWanted;

/**
 * Lets the components whose code failed to load try again when next rendered (a deploy may have replaced the
 * chunk, or the network may be back). The error boundary calls it when the user moves on from the error page.
 */
export function retryFailedLoads(): void {
  failedLoads.forEach((forget) => forget());
  failedLoads.clear();
}

/** Loads the code of every lazy component made so far (tests, which look at a page as soon as it renders). */
export async function preloadLazyComponents(): Promise<void> {
  let count = 0;
  // A loaded chunk may make lazy components of its own: load until there are no new ones.
  while (count !== everyLazyComponent.size) {
    count = everyLazyComponent.size;
    await Promise.all([...everyLazyComponent].map((component) => component.preload()));
  }
}
