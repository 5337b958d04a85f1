import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { createJSONStorage, atomWithStorage } from 'jotai/utils';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@client/app/paths';
import { cookiesChanged } from './cookies';
import { isNativeApp, useShopperSignedIn } from './session-cookies';
import type { CurrentUser } from '@server/modules/users/schema';
import { trpc } from './trpc';

export { isNativeApp, useShopperSignedIn };

/**
 * Shopper auth on the client (SPEC §2, §3, §4, §6).
 *
 * The session is an HttpOnly cookie the server sets when the OTP is verified and clears at logout,
 * account deletion and an owner's login (docs/auth.md); the page never sees the token. It reads the
 * `signedIn` flag the server keeps beside it to know whether to ask for the current user: the
 * `users.me` query, which has the final word. A shopper counts as logged in only when that data has
 * a name and loading is finished.
 */

export type { CurrentUser };

// ---------------------------------------------------------------------------------------------
// Current user

export type CurrentUserState = {
  user: CurrentUser | null;
  isLoggedIn: boolean;
  isLoading: boolean;
};

/**
 * SPEC §4 "On load": with the signed-in flag and no user yet, the user is fetched. A fetch the server
 * answers 401 (the session expired or was revoked) comes back with both cookies cleared, so the flag
 * goes and the shopper is signed out. SPEC §2: logged in only when the user has a name and loading is
 * finished.
 */
export function useCurrentUser(): CurrentUserState {
  const signedIn = useShopperSignedIn();
  const query = trpc.users.me.useQuery(undefined, {
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });

  const user = signedIn && query.data ? query.data : null;
  const isLoading = signedIn && query.isPending;
  return { user, isLoading, isLoggedIn: !isLoading && Boolean(user?.name) };
}

/**
 * After the server opened or ended the shopper's session (its cookies are set or cleared by then):
 * keep the `users.me` cache in step.
 *
 * Dropping the shopper removes the cached user rather than resetting it: a reset refetches at once,
 * and that call could race the cookie change. An anonymous `users.me` answering 401 once made the
 * business console (signed in a moment later on the same page) take it for its own session ending.
 */
export function useAuthActions() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();

  /** The OTP was verified: the server has set the session cookie and ended any owner's (SPEC §6). */
  const signIn = useCallback(
    (user?: CurrentUser | null) => {
      utils.users.me.reset();
      cookiesChanged();
      if (user) utils.users.me.setData(undefined, user);
      void utils.users.me.invalidate();
    },
    [utils],
  );

  /** The shopper's session ended on the server (an owner's login, SPEC §6): forget the cached user. */
  const forgetShopper = useCallback(() => {
    void utils.users.me.cancel();
    cookiesChanged();
    queryClient.removeQueries({ queryKey: getQueryKey(trpc.users.me) });
  }, [utils, queryClient]);

  /** After a logout or account deletion the server answered: nothing of the shopper stays cached. */
  const signOut = useCallback(() => {
    forgetShopper();
    void utils.invalidate();
  }, [utils, forgetShopper]);

  return { signIn, signOut, forgetShopper };
}

// ---------------------------------------------------------------------------------------------
// Where the auth panel opens from and where it returns to (shared by the layouts and features)

export type SidebarState = 'login' | 'signup';

/** SPEC §2/§3: the auth panel also opens from this stored state, not only from the path. */
export const sidebarStateAtom = atomWithStorage<SidebarState | null>(
  'sidebarState',
  null,
  createJSONStorage<SidebarState | null>(() => sessionStorage),
  { getOnInit: true },
);

const AUTH_PAGE_REDIRECT_KEY = 'authPageRedirect';

/** The path the auth panel returns to after closing or signing in (SPEC §2 `authPageRedirect`). */
export function getAuthPageRedirect(): string | null {
  try {
    const value = sessionStorage.getItem(AUTH_PAGE_REDIRECT_KEY);
    return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
  } catch {
    return null;
  }
}

export function setAuthPageRedirect(path: string | null) {
  try {
    if (path) sessionStorage.setItem(AUTH_PAGE_REDIRECT_KEY, path);
    else sessionStorage.removeItem(AUTH_PAGE_REDIRECT_KEY);
  } catch {
    // Storage can be unavailable (private mode); the panel then falls back to the path.
  }
}

/** SPEC §3: outlet pages store their path here; the top bar's back icon returns to it. */
export const OUTLET_PAGE_REDIRECT_KEY = 'outletPageRedirect';

export function getOutletPageRedirect(): string | null {
  try {
    const value = sessionStorage.getItem(OUTLET_PAGE_REDIRECT_KEY);
    if (!value) return null;
    // Tolerate a JSON-encoded string (atomWithStorage) as well as a plain one.
    const path = value.startsWith('"') ? (JSON.parse(value) as string) : value;
    return path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

/** `/login` / `/signup` or an overlay path ending in them (`/delhi/cafe-x/login`). */
export function authModeFromPath(path: string): SidebarState | null {
  const clean = path.replace(/\/+$/, '');
  // The business section has its own login page (/for-bussiness/login), never the shopper panel.
  if (clean === '/for-bussiness' || clean.startsWith('/for-bussiness/')) return null;
  if (clean === '/login' || clean.endsWith('/login')) return 'login';
  if (clean === '/signup' || clean.endsWith('/signup')) return 'signup';
  return null;
}

/** The page under an auth overlay path: `/delhi/cafe-x/login` → `/delhi/cafe-x`, `/login` → `/`. */
export function pathUnderAuthPanel(path: string): string {
  const base = path.replace(/\/+$/, '').replace(/\/(login|signup)$/, '');
  return base === '' ? '/' : base;
}

/** Pages only a signed-in shopper can see (SPEC §6); dismissing the login panel never returns to them. */
const LOGIN_REQUIRED_PATHS: readonly string[] = [
  paths.profile.path,
  paths.settings.path,
  paths.support.path,
  paths.referEarn.path,
  paths.redeemedHistory.path,
  paths.coupons.path,
  paths.notifications.path,
];

export function isLoginRequiredPath(path: string): boolean {
  const clean = path.split(/[?#]/)[0] ?? path;
  return LOGIN_REQUIRED_PATHS.some((base) => clean === base || clean.startsWith(`${base}/`));
}

/**
 * For pages that need a signed-in shopper: once loading has finished without a user, go to /login
 * and come back here after signing in.
 */
export function useRequireLogin(): CurrentUserState {
  const state = useCurrentUser();
  const [location, navigate] = useLocation();
  const mustLogin = !state.isLoading && !state.isLoggedIn;

  useEffect(() => {
    // Only from the page that needs it: not after a logout has already moved on, nor from /login.
    if (!mustLogin || !isLoginRequiredPath(location)) return;
    setAuthPageRedirect(location);
    navigate(paths.login.href(), { replace: true });
  }, [mustLogin, location, navigate]);

  return state;
}
