import { useLocation } from 'react-router';
import type { SignInPrompt } from '../components/SaveToggleButton';
import { useSession } from './session-context';

/**
 * What a control that needs an account is told of the session: whether someone is signed in (null until the
 * session has settled), and the login modal, which brings the user back to this page.
 */
export function useSignInPrompt(): SignInPrompt {
  const { isLoggedIn, isLoginLoading, openLoginModal } = useSession();
  const { pathname, search } = useLocation();
  return {
    signedIn: isLoginLoading ? null : isLoggedIn,
    askToSignIn: () => openLoginModal(`${pathname}${search}`),
  };
}
