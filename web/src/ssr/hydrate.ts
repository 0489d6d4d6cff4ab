import type { ServerRenderData } from '@openlfg/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { startTransition, type ReactElement, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { routes } from '../app/router';
import type { LazyComponent } from '../lib/lazy-component';
import { yieldToBrowser } from '../lib/yield-to-browser';
import { replayEarlyInput } from './early-input';
import { replayHeldPress } from './held-press';
import { seedPrefetchedQueries } from './prefetched-queries';

/**
 * Takes over a page the server rendered: its answers into the cache, then its code (the HTML named it to
 * preload), then React hydrates the markup. With the code there first, hydration finds every part of the page;
 * had it to wait for the code, React would draw the page again from scratch when the frame around it
 * re-renders meanwhile (as it does whenever code arrives), losing the server's markup. Loaded only by such a
 * page (main.tsx), with the page queries' factories, so the first visit of every other page carries none of it.
 */
export async function hydrateServerPage(
  container: HTMLElement,
  queryClient: QueryClient,
  app: ReactNode,
  data: ServerRenderData,
): Promise<void> {
  // Each step in a task of its own: this module's code, the answers put in the cache, the page's route found
  // (React Router ranks every route for it) and the start of hydration were one task of about 70 ms on
  // Lighthouse's phone (4 times slower than this machine), after the page had painted.
  await yieldToBrowser();
  seedPrefetchedQueries(queryClient, data);
  await yieldToBrowser();
  // Side by side; a load that failed is the error boundary's to show when hydration meets the part.
  await Promise.allSettled([preloadPage(window.location.pathname), preloadRenderedParts(container)]);
  await yieldToBrowser();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page in one task: a tap or a scroll meanwhile is answered, and no long task blocks it.
  startTransition(() => {
    hydrateRoot(container, app);
  });
  // From here React answers clicks: on a part not yet hydrated, it hydrates that part at once, then hands the
  // click on. The page's buttons may take them (public/early.js held them until now). What the visitor typed or
  // ticked meanwhile is made known to the app, then a button pressed meanwhile is pressed again: in the order the
  // visitor most likely did them, a press after the typing it acts on.
  document.documentElement.removeAttribute('data-hydrating');
  replayEarlyInput(container);
  replayHeldPress();
}

/** Loads the code of the page at `pathname`: here, not in the router, so only server-rendered pages carry it. */
async function preloadPage(pathname: string): Promise<void> {
  const elements = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route.element as ReactElement);
  await Promise.all(
    elements.map((element) => (element?.type as Partial<LazyComponent<object>> | undefined)?.preload?.()),
  );
}

/**
 * Loads the code of the lazily loaded parts the server rendered into the page, which the page's own code asks
 * for only as it renders them: rendered Markdown (a group's description, marked `data-markdown` by Markdown.tsx).
 * Hydration that meets a part whose code is still on its way keeps the server's markup only until an update
 * reaches the part (a query's answer, the session), then draws it again from scratch: the description showed as
 * typed (LazyMarkdown's fallback) until its renderer arrived.
 */
async function preloadRenderedParts(container: HTMLElement): Promise<void> {
  if (container.querySelector('[data-markdown]') === null) return;
  const { preloadMarkdown } = await import('../components/markdown/LazyMarkdown');
  await preloadMarkdown();
}
