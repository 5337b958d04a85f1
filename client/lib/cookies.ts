/**
 * The one place the client reads and writes `document.cookie`: the language (`lang`), the discovery
 * cookies (`browse`, `located`), the owner's details (`businessUserDetails`) and the shopper's
 * `signedIn` flag, read only (lib/session-cookies.ts). The session tokens themselves are HttpOnly
 * cookies the server sets and clears; no script sees them. Every cookie written here has the same
 * attributes (path /, SameSite=Strict; `Secure` when the page is served over https), and every write or
 * delete made through it, and every answer of the app's server (`cookiesChanged`, which may have set or
 * cleared cookies), is announced to subscribers, so a store built on a cookie hears the change.
 */

/** Reads a cookie's (URI-decoded) value; null when it is not set. */
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

/**
 * Sets a cookie for `maxAgeSeconds`: `name=value; Max-Age=…; Path=/; SameSite=Strict[; Secure]`
 * (`Secure` only on https, so a plain-http development server can still keep it).
 */
export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Strict${secure}`;
  emit();
}

/** Deletes cookies (`Max-Age=0` on the same path), then tells subscribers once. */
export function deleteCookies(...names: string[]) {
  for (const name of names) document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`;
  emit();
}

/** A response of the app's server may have set or cleared cookies: subscribers re-read theirs. */
export function cookiesChanged() {
  emit();
}

const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Called after every write or delete made through this module (any cookie: subscribers re-read
 * what they need, and `useSyncExternalStore` skips a render when their snapshot did not change).
 */
export function subscribeCookies(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
