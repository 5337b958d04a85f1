import type { Context, Middleware } from 'koa';
import { forbidden } from '../lib/errors.ts';
import { resolveSession, type Principal, type SessionKind } from '../modules/sessions/service.ts';
import { APP_REQUEST_HEADER } from '../modules/sessions/schema.ts';
import { ADMIN_REQUEST_HEADER } from '../modules/sales-staff/schema.ts';
import { clearSalesSessionCookie, salesSessionCookieOf } from '../modules/sales-staff/session-cookie.ts';
import { BROWSER_SESSION_COOKIES, browserSessionTokenOf, clearBrowserSession } from './session-cookies.ts';

/** The bearer token of a request: `Authorization: Bearer <token>` or, as the legacy app sends it, the bare token. */
export function tokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  const token = value.trim();
  return token.length > 0 ? token : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** A session cookie a request carries: whose it may be, and how to tell the browser to drop it. */
interface CookieSession {
  kind: SessionKind;
  token: string;
  clear: (ctx: Context) => void;
}

/** The session cookies that count for this request, in the order they are tried. */
function cookieSessionsOf(ctx: Context): { sessions: CookieSession[]; header: string; refusal: string } {
  if (under(ctx.path, '/api/admin')) {
    // The back office's cookie only ever names a sales session; the login itself reads no cookie.
    const token = ctx.path === '/api/admin/auth/login' ? null : salesSessionCookieOf(ctx);
    return {
      sessions: token ? [{ kind: 'sales', token, clear: clearSalesSessionCookie }] : [],
      header: ADMIN_REQUEST_HEADER,
      refusal: `Back-office changes must come from the back-office app (the ${ADMIN_REQUEST_HEADER} header is missing).`,
    };
  }
  const sessions: CookieSession[] = [];
  for (const { kind } of BROWSER_SESSION_COOKIES) {
    const token = browserSessionTokenOf(ctx, kind);
    if (token) sessions.push({ kind, token, clear: (c) => clearBrowserSession(c, kind) });
  }
  return {
    sessions,
    header: APP_REQUEST_HEADER,
    refusal: `Changes must come from the Bachat app (the ${APP_REQUEST_HEADER} header is missing).`,
  };
}

/**
 * Resolves `ctx.state.principal` (or null) for everything downstream: tRPC context and REST guards.
 *
 * The token comes from `Authorization` (every client, every path: the Android wrapper and API clients
 * send it), or else from a session cookie: on `/api/admin/*` the back office's (a sales session only),
 * everywhere else the shopper's `authToken` or the owner's `business_auth_token` (that kind's session
 * only; both are set and cleared by the server, server/http/session-cookies.ts). A bearer header wins
 * over any cookie.
 *
 * CSRF, the same rule for every cookie: a state-changing request (not GET, HEAD or OPTIONS) that a
 * cookie would authenticate must carry the app's custom header (`X-Bachat-Admin` for the back office,
 * `X-Bachat-App` for the shopper and business app), which a cross-site form, link or image cannot
 * send and a cross-site fetch cannot without a CORS preflight the server never grants; SameSite
 * already keeps the cookies off requests other sites start. Without it the request is refused (403)
 * before anything runs: REST here, tRPC by its glue (`ctx.state.csrfRefusal`), in its error shape.
 *
 * A cookie whose session is unknown, expired or revoked is cleared (with its companion flag), so the
 * page learns it is signed out (SPEC §4: a failed current-user fetch clears the token and the flag).
 */
export function authMiddleware(): Middleware {
  const signedIn = async (ctx: Context, next: () => Promise<unknown>, token: string) => {
    ctx.state.principal = (await resolveSession(token)) satisfies Principal | null;
    ctx.state.token = token;
    await next();
  };
  const signedInByCookie = async (ctx: Context, next: () => Promise<unknown>, sessions: CookieSession[]) => {
    let found: Principal | null = null;
    for (const session of sessions) {
      const principal: Principal | null = found ? null : await resolveSession(session.token);
      if (principal?.kind === session.kind) {
        found = principal;
        ctx.state.token = session.token;
      } else if (!found) {
        session.clear(ctx);
      }
    }
    ctx.state.principal = found;
    if (!found) ctx.state.token = null;
    await next();
  };
  // Without a token there is nothing to wait for: no extra promise on the way.
  return (ctx, next) => {
    const token = tokenOf(ctx.get('Authorization') || undefined);
    if (token) return signedIn(ctx, next, token);
    const cookies = cookieSessionsOf(ctx);
    if (cookies.sessions.length > 0) {
      if (SAFE_METHODS.has(ctx.method) || ctx.get(cookies.header)) return signedInByCookie(ctx, next, cookies.sessions);
      // tRPC answers in its own error shape (server/trpc/koa.ts reads this); REST through the error middleware.
      if (!under(ctx.path, '/trpc')) throw forbidden(cookies.refusal);
      ctx.state.csrfRefusal = cookies.refusal;
    }
    ctx.state.principal = null;
    ctx.state.token = null;
    return next();
  };
}
