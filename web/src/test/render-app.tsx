import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useState } from 'react';
import { Router, UNSAFE_createMemoryHistory as createMemoryHistory, type To } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { AppRoutes } from '../app/router';
import type { SessionState } from '../session/session-context';

type MemoryHistory = ReturnType<typeof createMemoryHistory>;

/** A router over a memory history the test can read and drive, as the browser's history drives the app's. */
function TestRouter({ history }: { history: MemoryHistory }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => history.listen(({ action, location }) => setState({ action, location })), [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <AppRoutes />
    </Router>
  );
}

export interface RenderAppOptions {
  /** Defaults to a settled, logged-out session; pass { isLoginLoading: true } to watch the app start. */
  session?: Partial<SessionState>;
}

/** The whole app (providers, layout, pages) at `url`, in a memory router. Mock fetch first (mockApi). */
export function renderApp(url = '/', { session = { isLoginLoading: false } }: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [url], v5Compat: true });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient} initialSession={session}>
      <TestRouter history={history} />
    </AppProviders>,
  );
  /** The address and how it was last reached, and a way to go elsewhere, as a user's browser would. */
  const router = {
    state: {
      get location() {
        return history.location;
      },
      get historyAction() {
        return history.action;
      },
    },
    navigate: (to: To) => {
      history.push(to);
      return Promise.resolve();
    },
    /** The browser's Back button. */
    back: () => {
      history.go(-1);
      return Promise.resolve();
    },
    /** The browser's Forward button. */
    forward: () => {
      history.go(1);
      return Promise.resolve();
    },
  };
  /** The router's current path and search, as the address bar would show them. */
  const currentUrl = () => `${history.location.pathname}${history.location.search}`;
  return { ...result, user, router, queryClient, currentUrl };
}
