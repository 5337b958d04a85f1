import { useSyncExternalStore } from 'react';
import { deleteCookies, readCookie, subscribeCookies, writeCookie } from './cookies';

/**
 * The shopper's token cookie (SPEC §3, §4, §9): `authToken`, 1 day on the web, 365 days inside the
 * Android app, path /, SameSite=Strict (written through `lib/cookies.ts`, which makes it observable so
 * React re-renders when it changes). `lib/auth.ts` builds the current-user hooks on top; `lib/trpc.ts`
 * reads it for the header. The business cookies' names live here too (the business session is
 * `features/business/lib/session.ts`).
 */

export const AUTH_COOKIE = 'authToken';
export const BUSINESS_TOKEN_COOKIE = 'business_auth_token';
export const BUSINESS_USER_COOKIE = 'businessUserDetails';

const DAY_SECONDS = 24 * 60 * 60;
/** SPEC §9: token cookie lives 1 day on the web, 365 days in the native app. */
export const WEB_TOKEN_DAYS = 1;
export const APP_TOKEN_DAYS = 365;

export function getAuthToken(): string | null {
  const token = readCookie(AUTH_COOKIE);
  return token ? token : null;
}

/** True inside the Android wrapper (it marks its user agent with `isApk` or exposes `window.Android`). */
export function isNativeApp(): boolean {
  if (typeof window === 'undefined') return false;
  const ua = typeof navigator !== 'undefined' ? navigator.userAgent : '';
  return /isApk/i.test(ua) || 'Android' in window;
}

export function setAuthToken(token: string, { isApp = isNativeApp() }: { isApp?: boolean } = {}) {
  writeCookie(AUTH_COOKIE, token, (isApp ? APP_TOKEN_DAYS : WEB_TOKEN_DAYS) * DAY_SECONDS);
}

export function clearAuthToken() {
  deleteCookies(AUTH_COOKIE);
}

/**
 * SPEC §6: logging in as a shopper removes the business session's cookies. The business session's
 * store (`features/business/lib/session.ts`) subscribes to the same cookie store, so it hears this.
 */
export function clearBusinessAuth() {
  deleteCookies(BUSINESS_TOKEN_COOKIE, BUSINESS_USER_COOKIE);
}

/** The current token, re-rendering when it is set or cleared. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeCookies, getAuthToken, () => null);
}
