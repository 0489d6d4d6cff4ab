import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import { getCheckAuthQueryOptions } from './api/check-auth';
import { useLogin } from './api/login';
import { useSession } from './session-context';
import {
  LOGIN_CANCELLED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  removeOAuthParams,
  startSession,
} from './start-session';

/**
 * Runs once when the app starts (inside the router): settles isLoggedIn and ends isLoginLoading. After a GitHub
 * sign-in it exchanges `?code=&state=` for a session and takes them out of the URL without reloading the page.
 */
export function useSessionStart(): void {
  const { setIsLoggedIn, setIsLoginLoading } = useSession();
  const queryClient = useQueryClient();
  const { mutateAsync: login } = useLogin();
  const location = useLocation();
  const navigate = useNavigate();
  // Start exactly once, even when React runs effects twice in development: a code can be exchanged only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { pathname, search, hash } = location;

    void startSession({
      search,
      checkAuth: () => queryClient.fetchQuery(getCheckAuthQueryOptions()),
      login,
    }).then(async (result) => {
      if (result.kind === 'checked') {
        setIsLoggedIn(result.isLoggedIn);
      } else if (result.kind === 'login-cancelled') {
        setIsLoggedIn(result.isLoggedIn);
        toast.info(LOGIN_CANCELLED_MESSAGE);
        await navigate({ pathname, search: removeOAuthParams(search), hash }, { replace: true });
      } else {
        setIsLoggedIn(result.kind === 'logged-in');
        if (result.kind === 'login-failed') toast.error(LOGIN_FAILED_MESSAGE);
        const target =
          result.kind === 'logged-in' && result.returnTo !== null
            ? result.returnTo
            : { pathname, search: removeOAuthParams(search), hash };
        await navigate(target, { replace: true });
      }
      setIsLoginLoading(false);
    });
  }, [location, login, navigate, queryClient, setIsLoggedIn, setIsLoginLoading]);
}
