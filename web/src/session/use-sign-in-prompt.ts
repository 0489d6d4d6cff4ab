import { useLocation } from 'react-router';
import type { SignInPrompt } from '../components/SaveToggleButton';
import { useSession } from './session-context';

/**
 * What a control that needs an account is told of the session: whether someone is signed in (null until the
 * session has settled), the login modal, which brings the user back to this page, and the two together for a
 * press (`whenSignedIn`).
 */
export function useSignInPrompt(): SignInPrompt {
  const { isLoggedIn, isLoginLoading, openLoginModal, whenSettled } = useSession();
  const { pathname, search } = useLocation();
  const askToSignIn = () => openLoginModal(`${pathname}${search}`);
  return {
    signedIn: isLoginLoading ? null : isLoggedIn,
    askToSignIn,
    whenSignedIn: (action) => whenSettled((signedIn) => (signedIn ? action() : askToSignIn())),
  };
}
