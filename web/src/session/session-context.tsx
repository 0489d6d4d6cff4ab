import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';

export interface ReportModalState {
  show: boolean;
  /** The group project being reported. */
  projectId: number | null;
}

/** The client session state of the product spec (section 3, "Client session state"). */
export interface SessionState {
  isLoggedIn: boolean;
  /** True until the first check-auth answer or login exchange has settled. */
  isLoginLoading: boolean;
  showLoginModal: boolean;
  showReportModal: ReportModalState;
  /** Whether the projects list already scrolled the user to the list once in this visit. */
  showedLandingScroll: boolean;
  /** The same for the group list. */
  showedGroupScroll: boolean;
}

export interface SessionContextValue extends SessionState {
  /** Where signing in from the login modal comes back to (the page the user was trying to reach). */
  loginReturnTo: string | null;
  /** Shows the login modal, for an anonymous user who tried something that needs an account. */
  openLoginModal: (returnTo?: string) => void;
  /**
   * Answers a press that depends on who is signed in: at once when the session has settled, else as soon as it
   * settles. A press while the app still asks whether the session holds (on a slow line, a second or more after
   * the page shows) is answered, not lost.
   */
  whenSettled: (press: (signedIn: boolean) => void) => void;
  setIsLoggedIn: Dispatch<SetStateAction<boolean>>;
  setIsLoginLoading: Dispatch<SetStateAction<boolean>>;
  setShowLoginModal: Dispatch<SetStateAction<boolean>>;
  setShowReportModal: Dispatch<SetStateAction<ReportModalState>>;
  setShowedLandingScroll: Dispatch<SetStateAction<boolean>>;
  setShowedGroupScroll: Dispatch<SetStateAction<boolean>>;
}

export const INITIAL_SESSION_STATE: SessionState = {
  isLoggedIn: false,
  isLoginLoading: true,
  showLoginModal: false,
  showReportModal: { show: false, projectId: null },
  showedLandingScroll: false,
  showedGroupScroll: false,
};

const SessionContext = createContext<SessionContextValue | null>(null);

export interface SessionProviderProps {
  children: ReactNode;
  /** Starting values; tests use it to render a logged-in or settled session. */
  initialState?: Partial<SessionState>;
}

export function SessionProvider({ children, initialState }: SessionProviderProps) {
  const start = { ...INITIAL_SESSION_STATE, ...initialState };
  const [isLoggedIn, setIsLoggedIn] = useState(start.isLoggedIn);
  const [isLoginLoading, setIsLoginLoading] = useState(start.isLoginLoading);
  const [showLoginModal, setShowLoginModal] = useState(start.showLoginModal);
  const [showReportModal, setShowReportModal] = useState(start.showReportModal);
  const [showedLandingScroll, setShowedLandingScroll] = useState(start.showedLandingScroll);
  const [showedGroupScroll, setShowedGroupScroll] = useState(start.showedGroupScroll);
  const [loginReturnTo, setLoginReturnTo] = useState<string | null>(null);
  const openLoginModal = useCallback((returnTo?: string) => {
    setLoginReturnTo(returnTo ?? null);
    setShowLoginModal(true);
  }, []);
  // The session as last committed, for a press, and the presses made before it settled, in order.
  const settled = useRef(start.isLoginLoading ? null : start.isLoggedIn);
  const heldPresses = useRef<((signedIn: boolean) => void)[]>([]);
  const whenSettled = useCallback((press: (signedIn: boolean) => void) => {
    if (settled.current === null) heldPresses.current.push(press);
    else press(settled.current);
  }, []);
  useEffect(() => {
    settled.current = isLoginLoading ? null : isLoggedIn;
    if (isLoginLoading) return;
    for (const press of heldPresses.current.splice(0)) press(isLoggedIn);
  }, [isLoginLoading, isLoggedIn]);

  const value = useMemo<SessionContextValue>(
    () => ({
      isLoggedIn,
      setIsLoggedIn,
      isLoginLoading,
      setIsLoginLoading,
      showLoginModal,
      setShowLoginModal,
      showReportModal,
      setShowReportModal,
      showedLandingScroll,
      setShowedLandingScroll,
      showedGroupScroll,
      setShowedGroupScroll,
      loginReturnTo,
      openLoginModal,
      whenSettled,
    }),
    [
      isLoggedIn,
      isLoginLoading,
      showLoginModal,
      showReportModal,
      showedLandingScroll,
      showedGroupScroll,
      loginReturnTo,
      openLoginModal,
      whenSettled,
    ],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (value === null) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
