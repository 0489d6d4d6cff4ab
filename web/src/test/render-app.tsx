import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import type { SessionState } from '../session/session-context';

export interface RenderAppOptions {
  /** Defaults to a settled, logged-out session; pass { isLoginLoading: true } to watch the app start. */
  session?: Partial<SessionState>;
}

/** The whole app (providers, layout, pages) at `url`, in a memory router. Mock fetch first (mockApi). */
export function renderApp(url = '/', { session = { isLoginLoading: false } }: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
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
