import type { Context } from 'koa';
import { serializeCookie } from '../../lib/cookies.ts';
import { runtime } from '../../lib/runtime.ts';
import { SALES_SESSION_COOKIE, SALES_SESSION_COOKIE_PATH } from './schema.ts';

/**
 * The sales session cookie: HttpOnly, always Secure (the back office needs https, or http://localhost,
 * whose Secure cookies browsers accept), SameSite=Strict, scoped to `/api/admin`.
 */
function serialize(value: string, maxAgeSeconds: number): string {
  return serializeCookie(SALES_SESSION_COOKIE, value, {
    path: SALES_SESSION_COOKIE_PATH,
    maxAgeSeconds,
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
  });
}

/** Sets the cookie for a new session; it lives exactly as long as the session. */
export function setSalesSessionCookie(ctx: Context, token: string, expiresAt: Date): void {
  ctx.append('Set-Cookie', serialize(token, (expiresAt.getTime() - runtime().now().getTime()) / 1000));
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
