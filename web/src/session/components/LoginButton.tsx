import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { getCheckAuthQueryOptions } from '../api/check-auth';
import { logout } from '../api/logout';
import { useSession } from '../session-context';
import { hasOAuthCode } from '../oauth-callback';
import styles from './LoginButton.module.css';
import { apiUrl } from '../../lib/api';

export const LOGOUT_FAILED_MESSAGE = 'Could not log out, please try again.';
export const DEV_SIGN_IN_HINT =
  'Development sign-in is on: this server has no GitHub OAuth app, so you can sign in as any username.';

/** Where the login button sends the browser: the server redirects on to GitHub and back to `returnTo`. */
export function authorizeUrl(returnTo: string): string {
  return apiUrl('authorize', { query: { returnTo } });
}

export interface LoginButtonProps {
  className?: string;
  /** Where to come back to after signing in; the current page by default. */
  returnTo?: string | null;
}

/**
 * 'Loading...' while the session is not settled or a GitHub `code` is in the URL (and then it does nothing),
 * 'Login with Github' when logged out, 'Log out' when logged in.
 */
export function LoginButton({ className, returnTo }: LoginButtonProps) {
  const { isLoggedIn, isLoginLoading, setIsLoggedIn } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  // One sign-out at a time: a second click while the first is on its way does nothing.
  const loggingOut = useRef(false);

  const busy = isLoginLoading || hasOAuthCode(location.search);
  // Whether this server signs in through its development page rather than GitHub: said on the button.
  const { data: auth } = useQuery({
    ...getCheckAuthQueryOptions(),
    enabled: !isLoggedIn && !busy,
    staleTime: Infinity,
  });
  const devSignIn = !isLoggedIn && auth?.devSignIn === true;

  const logIn = () => {
    window.location.assign(authorizeUrl(returnTo ?? `${location.pathname}${location.search}`));
  };

  const logOut = async () => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    try {
      await logout();
    } catch (error) {
      // An expired session (403) was said and signed out already, with its own toast.
      if (isApiError(error) && error.explained) return;
      // 401: the server no longer knows this session, so the user is logged out already.
      if (!isApiError(error) || error.status !== 401) {
        toast.error(LOGOUT_FAILED_MESSAGE);
        return;
      }
    } finally {
      loggingOut.current = false;
    }
    // Every cached answer may hold the user's data.
    queryClient.clear();
    setIsLoggedIn(false);
  };

  const handleClick = () => {
    if (busy) return;
    if (isLoggedIn) void logOut();
    else logIn();
  };

  const classes = [styles.button, className].filter(Boolean).join(' ');
  const hintId = useId();

  if (busy) {
    return (
      <button type="button" className={classes} aria-disabled="true" aria-busy="true" onClick={handleClick}>
        Loading...
      </button>
    );
  }

  // The button's name is the spec's label alone; the DEV badge is described apart, as the hint it stands for.
  return (
    <>
      <button
        type="button"
        className={classes}
        onClick={handleClick}
        title={devSignIn ? DEV_SIGN_IN_HINT : undefined}
        aria-describedby={devSignIn ? hintId : undefined}
      >
        {isLoggedIn ? (
          'Log out'
        ) : (
          <>
            <span className={styles.githubMark} aria-hidden="true" />
            <span>Login with Github</span>
            {devSignIn ? (
              <span className={styles.devBadge} aria-hidden="true">
                dev
              </span>
            ) : null}
          </>
        )}
      </button>
      {devSignIn ? <VisuallyHidden id={hintId}>{DEV_SIGN_IN_HINT}</VisuallyHidden> : null}
    </>
  );
}
