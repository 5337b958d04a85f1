/**
 * One Set-Cookie writer for the server's session cookies (server/http/session-cookies.ts: the shopper's
 * and the owner's; server/modules/sales-staff/session-cookie.ts: the back office's). Written by hand
 * rather than with Koa's `ctx.cookies.set`, which refuses a Secure cookie on a connection it does not
 * see as TLS (TLS ended at a proxy the app is not told to trust, or http://localhost, whose Secure
 * cookies browsers accept).
 */
export interface CookieAttributes {
  path: string;
  /** 0 deletes the cookie. */
  maxAgeSeconds: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax';
}

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 6265 cookie-octets (our values are tokens, `1` or nothing). */
const COOKIE_VALUE = /^[!#-+\--:<-[\]-~]*$/;

export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  if (!COOKIE_NAME.test(name)) throw new Error(`Not a cookie name: ${name}`);
  if (!COOKIE_VALUE.test(value)) throw new Error(`Not a cookie value for ${name}`);
  return [
    `${name}=${value}`,
    `Path=${attributes.path}`,
    `Max-Age=${Math.max(0, Math.round(attributes.maxAgeSeconds))}`,
    ...(attributes.httpOnly ? ['HttpOnly'] : []),
    ...(attributes.secure ? ['Secure'] : []),
    `SameSite=${attributes.sameSite}`,
  ].join('; ');
}
