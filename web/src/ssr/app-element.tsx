import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';

/**
 * The whole app under a given router: the browser's in the browser, a static one on the server. One tree on
 * both sides, so the browser's first render matches the server's markup.
 */
export function appElement(queryClient: QueryClient, router: (routes: ReactNode) => ReactNode): ReactNode {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>{router(<AppRoutes />)}</AppProviders>
    </StrictMode>
  );
}
