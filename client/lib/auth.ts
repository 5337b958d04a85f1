import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { createJSONStorage, atomWithStorage } from 'jotai/utils';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@client/app/paths';
import {
  clearAuthToken,
  clearBusinessAuth,
  getAuthToken,
  isNativeApp,
  setAuthToken,
  useAuthToken,
} from './auth-token';
import type { CurrentUser } from '@server/modules/users/schema';
import { trpc } from './trpc';

export { clearAuthToken, clearBusinessAuth, getAuthToken, isNativeApp, setAuthToken, useAuthToken };

/**
 * Shopper auth on the client (SPEC §2, §3, §4, §6).
 *
 * The session token lives in the `authToken` cookie (1 day on the web, 365 days inside the Android
 * app; path /, SameSite=Strict) and is sent as `Authorization: Bearer <token>` by `lib/trpc.ts`.
 * The current user is the `users.me` query; a shopper counts as logged in only when that data has
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
 * SPEC §4 "On load": with a token cookie and no user yet, the user is fetched; a failed fetch
 * clears the token. SPEC §2: logged in only when the user has a name and loading is finished.
 */
export function useCurrentUser(): CurrentUserState {
  const token = useAuthToken();
  const query = trpc.users.me.useQuery(undefined, {
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

  useEffect(() => {
    if (token !== null && query.isError) clearAuthToken();
  }, [token, query.isError]);

  const user = token !== null && query.data ? query.data : null;
  const isLoading = token !== null && query.isPending;
  return { user, isLoading, isLoggedIn: !isLoading && Boolean(user?.name) };
}

/**
 * Sign in / sign out helpers that keep the token cookie and the `users.me` cache together.
 *
 * Dropping the shopper removes the cached user rather than resetting it: a reset refetches at once,
 * while the components still hold the old token in their `enabled` option, and so asks the server for
 * the shopper *without* a token. That anonymous call answers 401, which once made the business console
 * (signed in a moment later on the same page) take it for its own session ending.
 */
export function useAuthActions() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();

  const signIn = useCallback(
    (token: string, user?: CurrentUser | null) => {
      clearBusinessAuth();
      utils.users.me.reset();
      setAuthToken(token);
      if (user) utils.users.me.setData(undefined, user);
      void utils.users.me.invalidate();
    },
    [utils],
  );

  /** Removes the shopper's token and cached user without asking the server anything. */
  const forgetShopper = useCallback(() => {
    void utils.users.me.cancel();
    clearAuthToken();
    queryClient.removeQueries({ queryKey: getQueryKey(trpc.users.me) });
  }, [utils, queryClient]);

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
