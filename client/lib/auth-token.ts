import { useSyncExternalStore } from 'react';

/**
 * The shopper's token cookie (SPEC §3, §4, §9): `authToken`, 1 day on the web, 365 days inside the
 * Android app, path /, SameSite=Strict. Observable so React re-renders when it changes.
 * `lib/auth.ts` builds the current-user hooks on top; `lib/trpc.ts` reads it for the header.
 */

export const AUTH_COOKIE = 'authToken';
export const BUSINESS_TOKEN_COOKIE = 'business_auth_token';
export const BUSINESS_USER_COOKIE = 'businessUserDetails';

const DAY_SECONDS = 24 * 60 * 60;
/** SPEC §9: token cookie lives 1 day on the web, 365 days in the native app. */
export const WEB_TOKEN_DAYS = 1;
export const APP_TOKEN_DAYS = 365;


// ---------------------------------------------------------------------------------------------
// Cookies

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      const value = item.slice(prefix.length);
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Strict${secure}`;
}

function deleteCookie(name: string) {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`;
}

// ---------------------------------------------------------------------------------------------
// Token store (cookie-backed, observable so React re-renders when it changes)

const listeners = new Set<() => void>();
function emit() {
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

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
  emit();
}

export function clearAuthToken() {
  deleteCookie(AUTH_COOKIE);
  emit();
}

/** SPEC §6: logging in as a shopper removes the business session's cookies. */
export function clearBusinessAuth() {
  deleteCookie(BUSINESS_TOKEN_COOKIE);
  deleteCookie(BUSINESS_USER_COOKIE);
}

/** The current token, re-rendering when it is set or cleared. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getAuthToken, () => null);
}
