import type { Context } from 'koa';
import { runtime } from '../../lib/runtime.ts';
import { SALES_SESSION_COOKIE, SALES_SESSION_COOKIE_PATH } from './schema.ts';

/**
 * The sales session cookie. Written by hand rather than with `ctx.cookies.set`: Koa refuses a Secure
 * cookie on a connection it does not see as TLS (plain http://localhost in development and e2e, or TLS
 * ended at a proxy the app is not told to trust), while browsers accept Secure cookies from localhost.
 */
function serialize(value: string, maxAgeSeconds: number): string {
  return [
    `${SALES_SESSION_COOKIE}=${value}`,
    `Path=${SALES_SESSION_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'Secure',
    'SameSite=Strict',
  ].join('; ');
}

/** Sets the cookie for a new session; it lives exactly as long as the session. */
export function setSalesSessionCookie(ctx: Context, token: string, expiresAt: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - runtime().now().getTime()) / 1000));
  ctx.append('Set-Cookie', serialize(token, maxAge));
}

/** Tells the browser to drop the cookie. */
export function clearSalesSessionCookie(ctx: Context): void {
  ctx.append('Set-Cookie', serialize('', 0));
}

/** The token in the request's sales cookie, or null. */
export function salesSessionCookieOf(ctx: Context): string | null {
  const value = ctx.cookies.get(SALES_SESSION_COOKIE);
  return value ? value : null;
}
