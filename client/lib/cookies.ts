/**
 * The one place the client reads and writes `document.cookie` (the shopper token in `auth-token.ts`,
 * the business session in `features/business/lib/session.ts`). Every cookie it writes has the same
 * attributes (SPEC §4: path /, SameSite=Strict; `Secure` when the page is served over https), and
 * every write or delete made through it is announced to subscribers, so a store built on a cookie
 * hears a change made by another (logging in as a shopper deletes the business cookies, SPEC §6).
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
