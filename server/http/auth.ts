import type { Middleware } from 'koa';
import { forbidden } from '../lib/errors.ts';
import { resolveSession, type Principal } from '../modules/sessions/service.ts';
import { ADMIN_REQUEST_HEADER } from '../modules/sales-staff/schema.ts';
import { salesSessionCookieOf } from '../modules/sales-staff/session-cookie.ts';

/** The bearer token of a request: `Authorization: Bearer <token>` or, as the legacy app sends it, the bare token. */
export function tokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  const token = value.trim();
  return token.length > 0 ? token : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Resolves `ctx.state.principal` (or null) for everything downstream: tRPC context and REST guards.
 *
 * The token comes from `Authorization` (every client, every path), or, on `/api/admin/*` only, from the
 * back office's HttpOnly session cookie, which only ever names a sales session. A state-changing request
 * the cookie authenticates must carry `X-Bachat-Admin` (CSRF: a cross-site form, link or image cannot
 * set a custom header, and SameSite=Strict already keeps the cookie off cross-site requests); without
 * it the request is refused (403). The login itself reads no cookie.
 */
export function authMiddleware(): Middleware {
  const signedIn = async (ctx: Parameters<Middleware>[0], next: () => Promise<unknown>, token: string) => {
    ctx.state.principal = (await resolveSession(token)) satisfies Principal | null;
    ctx.state.token = token;
    await next();
  };
  const signedInByCookie = async (ctx: Parameters<Middleware>[0], next: () => Promise<unknown>, token: string) => {
    if (!SAFE_METHODS.has(ctx.method) && !ctx.get(ADMIN_REQUEST_HEADER)) {
      throw forbidden(`Back-office changes must come from the back-office app (the ${ADMIN_REQUEST_HEADER} header is missing).`);
    }
    const principal = await resolveSession(token);
    ctx.state.principal = principal?.kind === 'sales' ? principal : null;
    ctx.state.token = ctx.state.principal ? token : null;
    await next();
  };
  // Without a token there is nothing to wait for: no extra promise on the way.
  return (ctx, next) => {
    const token = tokenOf(ctx.get('Authorization') || undefined);
    if (token) return signedIn(ctx, next, token);
    if (under(ctx.path, '/api/admin') && ctx.path !== '/api/admin/auth/login') {
      const cookie = salesSessionCookieOf(ctx);
      if (cookie) return signedInByCookie(ctx, next, cookie);
    }
    ctx.state.principal = null;
    ctx.state.token = null;
    return next();
  };
}
