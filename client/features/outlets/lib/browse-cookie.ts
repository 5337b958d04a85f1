import type { createStore } from 'jotai';
import { deleteCookies, readCookie, writeCookie } from '@client/lib/cookies';
import { locationAtom, selectedCategoryAtom, selectedCityAtom } from '../atoms';

/**
 * The `browse` cookie says "this browser has a city, category or place chosen" (those live in session
 * storage, which the server cannot see). The server renders the home page's list into the HTML only
 * without it (client/app/server-render.tsx): with a choice made, the list the app shows is another one,
 * and the shopper would see the wrong outlets flash before their own. It holds no choice itself.
 */
export const BROWSE_COOKIE = 'browse';

/**
 * The `located` cookie says "this browser lets the app read its position": the home page then lists
 * the nearest outlets, not the default city's, so the server does not render the default list either.
 */
export const LOCATED_COOKIE = 'located';

/** How long a granted permission is remembered for the server's choice; the next visit's check renews it. */
const LOCATED_COOKIE_SECONDS = 30 * 24 * 60 * 60;

/** The home page's permission check (use-shopper-location.ts) reports what it found. */
export function noteLocationPermission(granted: boolean): void {
  const set = readCookie(LOCATED_COOKIE) !== null;
  if (granted && !set) writeCookie(LOCATED_COOKIE, '1', LOCATED_COOKIE_SECONDS);
  else if (!granted && set) deleteCookies(LOCATED_COOKIE);
}

/** A browser session's worth: a choice in session storage rarely outlives it. */
const BROWSE_COOKIE_SECONDS = 12 * 60 * 60;

type JotaiStore = ReturnType<typeof createStore>;

/** Keeps the cookie in step with the store's choices from now on; returns the unsubscribe. */
export function keepBrowseCookie(store: JotaiStore): () => void {
  const sync = () => {
    const chosen = store.get(selectedCityAtom) !== null || store.get(selectedCategoryAtom) !== null || store.get(locationAtom) !== null;
    const set = readCookie(BROWSE_COOKIE) !== null;
    if (chosen && !set) writeCookie(BROWSE_COOKIE, '1', BROWSE_COOKIE_SECONDS);
    else if (!chosen && set) deleteCookies(BROWSE_COOKIE);
  };
  sync();
  const stops = [selectedCityAtom, selectedCategoryAtom, locationAtom].map((a) => store.sub(a, sync));
  return () => stops.forEach((stop) => stop());
}
