import type { QueryClient } from '@tanstack/react-query';
import type { Location, NavigateFunction } from 'react-router';
import { toast } from '../lib/toast';
import { getCheckAuthQueryOptions } from './api/check-auth';
import { login } from './api/login';
import { LOGIN_FAILED_MESSAGE, removeOAuthParams } from './oauth-callback';
import { LOGIN_CANCELLED_MESSAGE, startSession } from './start-session';

export interface SignInReturn {
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  queryClient: QueryClient;
  navigate: NavigateFunction;
  setIsLoggedIn: (isLoggedIn: boolean) => void;
}

/**
 * GitHub sent the browser back (`use-session-start.ts` loads this then, and only then): exchanges `?code=&state=`
 * for a session, or notes a declined sign-in, says how it went, and takes the parameters out of the address
 * without reloading the page (to where the sign-in started, when the answer names it).
 */
export async function settleSignInReturn({
  location: { pathname, search, hash },
  queryClient,
  navigate,
  setIsLoggedIn,
}: SignInReturn): Promise<void> {
  const result = await startSession({
    search,
    checkAuth: () => queryClient.fetchQuery(getCheckAuthQueryOptions()),
    login: async (body) => {
      const answer = await login(body);
      // The session cookie changed: whoever asked before was asking for the signed-out visitor.
      await queryClient.invalidateQueries({ queryKey: getCheckAuthQueryOptions().queryKey });
      return answer;
    },
  });
  const withoutParams = { pathname, search: removeOAuthParams(search), hash };
  if (result.kind === 'checked' || result.kind === 'login-cancelled') {
    setIsLoggedIn(result.isLoggedIn);
    if (result.kind === 'login-cancelled') toast.info(LOGIN_CANCELLED_MESSAGE);
    await navigate(withoutParams, { replace: true });
    return;
  }
  setIsLoggedIn(result.kind === 'logged-in');
  if (result.kind === 'login-failed') toast.error(result.message ?? LOGIN_FAILED_MESSAGE);
  const target = result.kind === 'logged-in' && result.returnTo !== null ? result.returnTo : withoutParams;
  await navigate(target, { replace: true });
}
