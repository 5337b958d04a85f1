import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { setAuthPageRedirect, sidebarStateAtom, useCurrentUser, type CurrentUserState } from '@client/lib/auth';

/**
 * Paying needs a signed-in shopper. A logged-out shopper who lands here (Pay Bill on an outlet page)
 * gets the login panel over this page, with this page (path and query) as the place to come back
 * to: after the OTP they are back on the same outlet's screen. Dismissing the panel leaves them on
 * the page, which then offers the login again (no redirect loop). `askAtOnce: false`: a page a
 * signed-out visitor may read (a group bill) opens the panel only when `openLogin` is called.
 */
export function useShopperGate({ askAtOnce = true }: { askAtOnce?: boolean } = {}): CurrentUserState & {
  mustLogin: boolean;
  openLogin: () => void;
} {
  const state = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  const setSidebarState = useSetAtom(sidebarStateAtom);
  const mustLogin = !state.isLoading && !state.isLoggedIn;
  const here = search ? `${location}?${search}` : location;

  const openLogin = useCallback(() => {
    setAuthPageRedirect(here);
    setSidebarState('login');
  }, [here, setSidebarState]);

  const asked = useRef(false);
  useEffect(() => {
    if (!askAtOnce || !mustLogin || asked.current) return;
    asked.current = true;
    openLogin();
  }, [askAtOnce, mustLogin, openLogin]);

  return { ...state, mustLogin, openLogin };
}
