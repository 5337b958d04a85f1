import type { Context } from 'koa';
import { serializeCookie } from '../lib/cookies.ts';
import { runtime } from '../lib/runtime.ts';
import { revokeSessionToken } from '../modules/sessions/service.ts';
import {
  APP_REQUEST_HEADER,
  BUSINESS_DETAILS_COOKIE,
  BUSINESS_SESSION_COOKIE,
  SHOPPER_SESSION_COOKIE,
  SHOPPER_SIGNED_IN_COOKIE,
} from '../modules/sessions/schema.ts';

/**
 * The shopper's and the owner's sessions in the browser (docs/auth.md "Sessions in the browser"):
 * the token is an HttpOnly cookie set here when a login succeeds and cleared here when it ends, so no
 * page script ever holds it. Both transports call these (the tRPC procedures through their context's
 * `cookies`, the REST adapters directly).
 *
 * - `Path=/`, `Max-Age` = the session's own lifetime (1 day on the web, 365 days in the app: SPEC §4, §9).
 * - `SameSite=Strict` (SPEC §4): the cookie never rides on a request another site starts. A link from
 *   elsewhere (an SMS, a payment provider's return) still lands signed in, because the app asks the
 *   server who is signed in with its own same-site calls after the page loads (docs/auth.md).
 * - `Secure` in production and on https; not on plain-http development (a phone on the LAN, the
 *   Android emulator), where a browser would drop it.
 * - SPEC §6: opening one principal's session ends the other's in this browser (its cookies cleared and
 *   its session revoked on the server).
 */

export type BrowserSessionKind = 'consumer' | 'business';

const COOKIES: Record<BrowserSessionKind, { token: string; others: readonly string[] }> = {
  consumer: { token: SHOPPER_SESSION_COOKIE, others: [SHOPPER_SIGNED_IN_COOKIE] },
  business: { token: BUSINESS_SESSION_COOKIE, others: [BUSINESS_DETAILS_COOKIE] },
};

/** Both kinds' token cookie names (the auth middleware reads them in this order). */
export const BROWSER_SESSION_COOKIES = [
  { kind: 'consumer', cookie: SHOPPER_SESSION_COOKIE },
  { kind: 'business', cookie: BUSINESS_SESSION_COOKIE },
] as const satisfies readonly { kind: BrowserSessionKind; cookie: string }[];

function secureFor(ctx: Context): boolean {
  return runtime().env.NODE_ENV === 'production' || ctx.secure;
}

function cookie(ctx: Context, name: string, value: string, maxAgeSeconds: number, httpOnly: boolean): string {
  return serializeCookie(name, value, { path: '/', maxAgeSeconds, httpOnly, secure: secureFor(ctx), sameSite: 'Strict' });
}

/** The token in the request's cookie of `kind`, or null. */
export function browserSessionTokenOf(ctx: Context, kind: BrowserSessionKind): string | null {
  const value = ctx.cookies.get(COOKIES[kind].token);
  return value ? value : null;
}

/** Whether the request comes from our own app (it sends APP_REQUEST_HEADER on every call). */
export function isAppRequest(ctx: Context): boolean {
  return Boolean(ctx.get(APP_REQUEST_HEADER));
}

/** Tells the browser to drop `kind`'s cookies (the token and its companion). */
export function clearBrowserSession(ctx: Context, kind: BrowserSessionKind): void {
  const { token, others } = COOKIES[kind];
  ctx.append('Set-Cookie', cookie(ctx, token, '', 0, true));
  for (const name of others) ctx.append('Set-Cookie', cookie(ctx, name, '', 0, false));
}

/**
 * A login succeeded: the session goes into the browser as `kind`'s HttpOnly cookie (with the shopper's
 * `signedIn` flag), and the other principal's session in this browser ends (SPEC §6).
 */
export async function openBrowserSession(ctx: Context, kind: BrowserSessionKind, session: { token: string; expiresAt: Date }): Promise<void> {
  const other: BrowserSessionKind = kind === 'consumer' ? 'business' : 'consumer';
  const otherToken = browserSessionTokenOf(ctx, other);
  if (otherToken) await revokeSessionToken(other, otherToken);
  clearBrowserSession(ctx, other);
  const maxAge = (session.expiresAt.getTime() - runtime().now().getTime()) / 1000;
  ctx.append('Set-Cookie', cookie(ctx, COOKIES[kind].token, session.token, maxAge, true));
  if (kind === 'consumer') ctx.append('Set-Cookie', cookie(ctx, SHOPPER_SIGNED_IN_COOKIE, '1', maxAge, false));
}

/**
 * What a tRPC procedure sees of the browser's session cookies (its context's `cookies`): open one at
 * a login, close one at a logout. `handsOverToken` is true when the caller is our app, which keeps the
 * session in the cookie only: the answer then leaves the token out of its body.
 */
export interface SessionCookieJar {
  open(kind: BrowserSessionKind, session: { token: string; expiresAt: Date }): Promise<void>;
  close(kind: BrowserSessionKind): void;
  readonly handsOverToken: boolean;
}

/** A login's answer: the token stays in the body for API clients and the Android wrapper, not for our app. */
export function loginAnswer<T extends { accessToken: string }>(
  jar: Pick<SessionCookieJar, 'handsOverToken'>,
  result: T,
): Omit<T, 'accessToken'> & { accessToken?: string } {
  if (!jar.handsOverToken) return result as Omit<T, 'accessToken'> & { accessToken: string };
  const { accessToken: _token, ...rest } = result;
  return rest;
}

export function sessionCookieJar(ctx: Context): SessionCookieJar {
  return {
    open: (kind, session) => openBrowserSession(ctx, kind, session),
    close: (kind) => clearBrowserSession(ctx, kind),
    handsOverToken: isAppRequest(ctx),
  };
}
