import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import {
  authModeFromPath,
  getAuthPageRedirect,
  isLoginRequiredPath,
  pathUnderAuthPanel,
  setAuthPageRedirect,
  sidebarStateAtom,
  useAuthActions,
  useCurrentUser,
  type SidebarState,
} from '@client/lib/auth';
import { useDocumentMeta } from '../hooks/use-document-meta';
import type { SignedIn } from '../hooks/use-otp-challenge';
import { SLIDE_OUT_MS } from '../lib/inputs';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import '@client/styles/auth.css';

/** `/delhi/cafe-x/login` ↔ `/delhi/cafe-x/signup`; the top-level panels swap `/login` ↔ `/signup`. */
function switchHref(location: string, to: SidebarState): string {
  const base = pathUnderAuthPanel(location);
  return base === '/' ? `/${to}` : `${base}/${to}`;
}

/**
 * The one shopper auth side panel (SPEC §2), mounted in the app shell. It opens when the path is
 * (or ends with) /login or /signup, or from the stored sidebar state. Backdrop, Escape and the
 * browser's back button close it after a 300 ms slide-out, then it navigates to `authPageRedirect`,
 * else the page under the overlay.
 *
 * A shopper who is already signed in never sees it: sent to /login, to an outlet's …/login overlay
 * or with a stored sidebar state, they are taken on as after a sign-in (the remembered page, else the
 * page under the overlay, else where they are). While a stored token's user is still loading, nothing
 * is drawn, so the panel does not flash.
 */
export function AuthPanel() {
  const [location, navigate] = useLocation();
  const [sidebarState, setSidebarState] = useAtom(sidebarStateAtom);
  const { signIn } = useAuthActions();
  const currentUser = useCurrentUser();
  const pathMode = authModeFromPath(location);
  const mode = pathMode ?? sidebarState;

  // A slide-out we started (backdrop, close, Escape): navigate when it ends.
  const [closing, setClosing] = useState(false);
  // A close we did not start (the back button left the /login path): the last mode slides out.
  const [leaving, setLeaving] = useState<SidebarState | null>(null);
  // Set when we close the panel ourselves, so the path change that follows is not animated again.
  const [quietClose, setQuietClose] = useState(false);
  const [previousMode, setPreviousMode] = useState(mode);
  if (mode !== previousMode) {
    setPreviousMode(mode);
    if (mode) {
      setLeaving(null);
      setClosing(false);
      setQuietClose(false);
    } else if (previousMode && !quietClose && !currentUser.isLoggedIn) {
      setLeaving(previousMode);
    } else {
      setQuietClose(false);
    }
  }
  const shown = mode ?? leaving;

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** `signedIn`: go to the remembered page; a dismissal never returns to a page that needs a login. */
  const finish = useCallback(
    (fallback: string | null, signedIn = false) => {
      const remembered = getAuthPageRedirect();
      const target =
        remembered && (signedIn || !isLoginRequiredPath(remembered)) ? remembered : fallback;
      setAuthPageRedirect(null);
      setQuietClose(true);
      setClosing(false);
      setLeaving(null);
      setSidebarState(null);
      if (target && target !== location) navigate(target, { replace: true });
    },
    [navigate, setSidebarState, location],
  );

  /** Backdrop, close button and Escape. */
  const requestClose = useCallback(() => {
    if (closing) return;
    setClosing(true);
    const fallback = pathMode ? pathUnderAuthPanel(location) : null;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => finish(fallback), SLIDE_OUT_MS);
  }, [closing, pathMode, location, finish]);

  // The back-button case: once the slide-out ends, go to the remembered page if there is one.
  useEffect(() => {
    if (!leaving) return;
    const id = setTimeout(() => finish(null), SLIDE_OUT_MS);
    return () => clearTimeout(id);
  }, [leaving, finish]);

  // Opened from the stored state only (no path to leave): the back button closes it.
  useEffect(() => {
    if (!shown || pathMode) return;
    const onPop = () => requestClose();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [shown, pathMode, requestClose]);

  // SPEC §2: page scroll is locked while a panel is open.
  useEffect(() => {
    if (!shown) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [shown]);

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') requestClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown, requestClose]);

  // Already signed in: take the shopper on as a sign-in would, instead of asking them to log in again
  // (the panel is never drawn for them, so there is nothing to slide out).
  const alreadySignedIn = mode !== null && currentUser.isLoggedIn;
  useEffect(() => {
    if (!alreadySignedIn) return;
    const target = getAuthPageRedirect() ?? (pathMode ? pathUnderAuthPanel(location) : null);
    setAuthPageRedirect(null);
    setSidebarState(null);
    if (target && target !== location) navigate(target, { replace: true });
  }, [alreadySignedIn, pathMode, location, navigate, setSidebarState]);

  /** SPEC §4: on verify the server has stored the token and dropped the business one; the panel hides and we go on. */
  const handleSignedIn = useCallback(
    ({ user }: SignedIn) => {
      signIn(user);
      clearTimeout(timer.current);
      finish(pathMode ? pathUnderAuthPanel(location) : null, true);
    },
    [signIn, finish, pathMode, location],
  );

  const switchTo = (to: SidebarState) => {
    if (pathMode) return switchHref(location, to);
    return location;
  };

  if (!shown || currentUser.isLoading || currentUser.isLoggedIn) return null;

  return (
    <AuthPanelView
      mode={shown}
      closing={closing || leaving !== null}
      onClose={requestClose}
      switchHref={switchTo(shown === 'login' ? 'signup' : 'login')}
      onSwitch={pathMode ? undefined : () => setSidebarState(shown === 'login' ? 'signup' : 'login')}
      onSignedIn={handleSignedIn}
    />
  );
}

type AuthPanelViewProps = {
  mode: SidebarState;
  closing: boolean;
  onClose: () => void;
  switchHref: string;
  onSwitch?: () => void;
  onSignedIn: (result: SignedIn) => void;
};

const META: Record<SidebarState, Record<'heading' | 'intro' | 'title' | 'description', MessageDescriptor>> = {
  login: {
    heading: msg`Login`,
    intro: msg`Enter your mobile number and we will text you a one-time password.`,
    title: msg`Login · Bachat`,
    description: msg`Log in to Bachat with your mobile number and a one-time password.`,
  },
  signup: {
    heading: msg`Sign up`,
    intro: msg`Create your Bachat account to save coupons and earn Golden Keys.`,
    title: msg`Sign up · Bachat`,
    description: msg`Create a Bachat account with your mobile number and start saving at outlets near you.`,
  },
};

function AuthPanelView({ mode, closing, onClose, switchHref, onSwitch, onSignedIn }: AuthPanelViewProps) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const meta = META[mode];
  useDocumentMeta(i18n._(meta.title), i18n._(meta.description));

  // Give focus back to whatever opened the panel (e.g. Sign In) once it closes; read before the
  // phone field's autofocus moves it.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      if (opener?.isConnected && opener !== document.body) opener.focus();
    },
    [opener],
  );

  return (
    <div className={`auth-overlay${closing ? ' auth-overlay--closing' : ''}`} data-testid="auth-overlay">
      <div className="auth-overlay__backdrop" aria-hidden="true" onClick={onClose} data-testid="auth-backdrop" />
      <div className="auth-panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="auth-panel__header">
          <h2 id={titleId} className="auth-panel__title">
            {i18n._(meta.heading)}
          </h2>
          <button type="button" className="auth-panel__close" aria-label={t`Close`} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <p className="auth-panel__intro">{i18n._(meta.intro)}</p>
        <div onClickCapture={onSwitch ? (event) => interceptSwitch(event, switchHref, onSwitch) : undefined}>
          {mode === 'login' ? (
            <LoginForm key="login" signupHref={switchHref} onSignedIn={onSignedIn} />
          ) : (
            <SignupForm key="signup" loginHref={switchHref} onSignedIn={onSignedIn} />
          )}
        </div>
      </div>
    </div>
  );
}

/** When the panel was opened from stored state (not a path), the switch link flips that state. */
function interceptSwitch(event: MouseEvent, href: string, onSwitch: () => void) {
  const anchor = (event.target as HTMLElement).closest('a');
  if (anchor && anchor.getAttribute('href') === href) {
    event.preventDefault();
    event.stopPropagation();
    onSwitch();
  }
}
