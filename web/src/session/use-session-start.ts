import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import { getCheckAuthQueryOptions } from './api/check-auth';
import { isOAuthReturn, LOGIN_FAILED_MESSAGE, removeOAuthParams } from './oauth-callback';
import { useSession } from './session-context';

/**
 * Runs once when the app starts (inside the router): settles isLoggedIn and ends isLoginLoading. Most visits ask
 * check-auth whether the session cookie still holds; after a GitHub sign-in, the exchange of `?code=&state=`
 * for a session (`sign-in-return.ts`) loads and runs, and takes them out of the URL without reloading the page.
 */
export function useSessionStart(): void {
  const { setIsLoggedIn, setIsLoginLoading } = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  // Start exactly once, even when React runs effects twice in development: a code can be exchanged only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { pathname, search, hash } = location;
    // The answer is applied as a transition. On a page the server rendered, it usually lands while React is still
    // hydrating the page's Suspense boundaries, and an ordinary update reaching them has React hydrate them all
    // at once, in one long task (350 ms at Lighthouse's 4x slowdown on a project's page); a transition hydrates
    // them in slices. A press that needs the answer meanwhile is held until it is committed (`whenSettled`).
    const settled = isOAuthReturn(search)
      ? import('./sign-in-return').then(
          ({ settleSignInReturn }) => settleSignInReturn({ location, queryClient, navigate, setIsLoggedIn }),
          // Its code did not arrive (offline, or a new release replaced it): as a failed exchange.
          async () => {
            setIsLoggedIn(false);
            toast.error(LOGIN_FAILED_MESSAGE);
            await navigate({ pathname, search: removeOAuthParams(search), hash }, { replace: true });
          },
        )
      : queryClient.fetchQuery(getCheckAuthQueryOptions()).then(
          (answer) => startTransition(() => setIsLoggedIn(answer.authenticated === true)),
          // Any failure of check-auth counts as logged out.
          () => startTransition(() => setIsLoggedIn(false)),
        );
    void settled.then(() => startTransition(() => setIsLoginLoading(false)));
  }, [location, navigate, queryClient, setIsLoggedIn, setIsLoginLoading]);
}
