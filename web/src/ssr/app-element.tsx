import type { RenderClock } from '@openlfg/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { RenderClockProvider } from '../lib/render-clock';

/**
 * The whole app under a given router: the browser's in the browser, a static one on the server. One tree on
 * both sides, so the browser's first render matches the server's markup. `clock` is the one a server-rendered
 * page was rendered against (its data's): dates are written against it until the page is hydrated.
 */
export function appElement(
  queryClient: QueryClient,
  router: (routes: ReactNode) => ReactNode,
  clock: RenderClock | null = null,
): ReactNode {
  return (
    <StrictMode>
      <RenderClockProvider clock={clock}>
        <AppProviders queryClient={queryClient}>{router(<AppRoutes />)}</AppProviders>
      </RenderClockProvider>
    </StrictMode>
  );
}
