import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import type { SessionState } from '../session/session-context';

/**
 * The routes with their lazily loaded pages already loaded, so a test sees a page as soon as it renders, as a
 * user does once the page's code has arrived (the lazy loading itself is the router's, and the e2e journeys
 * exercise it in a real browser).
 */
async function loadLazyRoutes(list: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    list.map(async (route) => {
      const loaded =
        typeof route.lazy === 'function' ? { ...route, ...(await route.lazy()), lazy: undefined } : route;
      return (
        loaded.children ? { ...loaded, children: await loadLazyRoutes(loaded.children) } : loaded
      ) as RouteObject;
    }),
  );
}
const loadedRoutes = await loadLazyRoutes(routes);
// The posting form is a chunk of its own, loaded when it first opens: loaded here too, for the same reason.
await import('../features/groups/components/PostGroupModal');

export interface RenderAppOptions {
  /** Defaults to a settled, logged-out session; pass { isLoginLoading: true } to watch the app start. */
  session?: Partial<SessionState>;
}

/** The whole app (providers, layout, pages) at `url`, in a memory router. Mock fetch first (mockApi). */
export function renderApp(url = '/', { session = { isLoginLoading: false } }: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(loadedRoutes, { initialEntries: [url] });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient} initialSession={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  /** The router's current path and search, as the address bar would show them. */
  const currentUrl = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...result, user, router, queryClient, currentUrl };
}
