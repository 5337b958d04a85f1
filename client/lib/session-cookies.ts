import { useSyncExternalStore } from 'react';
import {
  APP_REQUEST_HEADER,
  BUSINESS_DETAILS_COOKIE,
  SHOPPER_SIGNED_IN_COOKIE,
} from '@server/modules/sessions/schema';
import { cookiesChanged, readCookie, subscribeCookies } from './cookies';
import { acceptLanguageHeader } from './i18n';

/**
 * What the page knows of the sessions (docs/auth.md "Sessions in the browser"). The tokens are
 * HttpOnly cookies the server sets at a login and clears at a logout: no script here can read them,
 * and every call carries them by itself (same-origin `fetch`, the tRPC transport, EventSource). The
 * page only reads the non-secret companions: the shopper's `signedIn` flag (whether to ask the server
 * for the current user, `users.me`, which has the final word) and the owner's `businessUserDetails`
 * (features/business/lib/session.ts). Names come from the server's schema, one place for both.
 */

export { BUSINESS_DETAILS_COOKIE, SHOPPER_SIGNED_IN_COOKIE };

/** True when the server has said a shopper is signed in here (the flag it sets beside the token). */
export function hasShopperSession(): boolean {
  return readCookie(SHOPPER_SIGNED_IN_COOKIE) !== null;
}

/** The same, re-rendering when a response sets or clears it. */
export function useShopperSignedIn(): boolean {
  return useSyncExternalStore(subscribeCookies, hasShopperSession, () => false);
}

/**
 * The headers of every call the app makes to its own server: the language on screen, and the app's
 * marker, without which the server refuses a cookie-authenticated change (CSRF).
 */
export function appRequestHeaders(): Record<string, string> {
  return { ...acceptLanguageHeader(), [APP_REQUEST_HEADER]: '1' };
}

/**
 * `fetch` for the app's own server: its headers added, and the cookie store told afterwards (a
 * response may have set or cleared session cookies, e.g. a dead session's).
 */
export async function appFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(appRequestHeaders())) if (!headers.has(name)) headers.set(name, value);
  try {
    return await fetch(input, { ...init, headers, credentials: 'same-origin' });
  } finally {
    cookiesChanged();
  }
}

/** True inside the Android wrapper (it marks its user agent with `isApk` or exposes `window.Android`). */
export function isNativeApp(): boolean {
  if (typeof window === 'undefined') return false;
  const ua = typeof navigator !== 'undefined' ? navigator.userAgent : '';
  return /isApk/i.test(ua) || 'Android' in window;
}
