import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider, type SessionState } from '../session/session-context';
import { ToastContainer } from '../lib/toast';

/** Toasts sit at the top right and close themselves after 5 seconds. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Tests start from a settled session; the app starts loading. */
  initialSession?: Partial<SessionState>;
}

export function AppProviders({ queryClient, children, initialSession }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider initialState={initialSession}>
        {children}
        <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
      </SessionProvider>
    </QueryClientProvider>
  );
}
