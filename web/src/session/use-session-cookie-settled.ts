import { useLocation } from 'react-router';
import { useSession } from './session-context';
import { hasOAuthCode } from './oauth-callback';

/**
 * Whether a request sent now is answered for the session the app is settling on, so that a page may ask for
 * its data at once rather than after the session check (check-auth): the request carries the same session
 * cookie, and the server answers for whoever that cookie names (and refuses what they may not see) whatever the
 * client believes. The one exception is a GitHub sign-in being exchanged (`?code=` in the address while the
 * session loads): the cookie is about to change, and an answer asked for before would be the signed-out one.
 */
export function useSessionCookieSettled(): boolean {
  const { isLoginLoading } = useSession();
  const { search } = useLocation();
  return !(isLoginLoading && hasOAuthCode(search));
}
