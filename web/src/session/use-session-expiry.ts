import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { onApiError } from '../lib/api-client';
import { toast } from '../lib/toast';
import { getCheckAuthQueryOptions } from './api/check-auth';
import { useSession } from './session-context';
import { AUTH_RECHECK_INTERVAL_MS, isSessionExpiry, SESSION_EXPIRED_MESSAGE } from './session-expiry';

/**
 * Notices when a signed-in user's session ends on the server (logout elsewhere, idle or absolute timeout):
 * any call answered 403, or a periodic re-check of check-auth answering false. Then every cached user
 * answer is dropped, the app becomes logged out, and one toast says why.
 */
const SESSION_EXPIRED_TOAST_ID = 'session-expired';

export function useSessionExpiry(): void {
  const { isLoggedIn, isLoginLoading, setIsLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const loggedIn = useRef(isLoggedIn);
  const loggedInSince = useRef(0);

  useEffect(() => {
    loggedIn.current = isLoggedIn;
    if (isLoggedIn) loggedInSince.current = Date.now();
  }, [isLoggedIn]);

  const expire = useCallback(() => {
    if (!loggedIn.current) return;
    loggedIn.current = false;
    queryClient.clear();
    setIsLoggedIn(false);
    toast.error(SESSION_EXPIRED_MESSAGE, { toastId: SESSION_EXPIRED_TOAST_ID });
  }, [queryClient, setIsLoggedIn]);

  useEffect(
    () =>
      onApiError((error) => {
        if (!isSessionExpiry(error)) return undefined;
        // The expiry toast says it all: the action that failed does not add the server's words to it.
        const told = loggedIn.current || toast.isActive(SESSION_EXPIRED_TOAST_ID);
        expire();
        return told ? 'explained' : undefined;
      }),
    [expire],
  );

  const recheck = useQuery({
    ...getCheckAuthQueryOptions(),
    enabled: isLoggedIn && !isLoginLoading,
    // The answer that settled the session at start is fresh: no second call right away.
    refetchOnMount: false,
    staleTime: AUTH_RECHECK_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
    refetchInterval: AUTH_RECHECK_INTERVAL_MS,
  });
  const { data, dataUpdatedAt } = recheck;
  useEffect(() => {
    // Only an answer fetched while signed in counts: an older "false" from before signing in does not.
    if (isLoggedIn && data && !data.authenticated && dataUpdatedAt >= loggedInSince.current) expire();
  }, [isLoggedIn, data, dataUpdatedAt, expire]);
}

/**
 * The watch as a component, for the layout to load with the first sign-in (`lazyOnceWanted`): an anonymous
 * visit needs none of it. `signedIn` is what the layout wants it by.
 */
export function SessionExpiryWatch(_props: { signedIn: boolean }): null {
  useSessionExpiry();
  return null;
}
