import type { Middleware } from 'koa';
import { resolveSession, type Principal } from '../modules/sessions/service.ts';

/** The bearer token of a request: `Authorization: Bearer <token>` or, as the legacy app sends it, the bare token. */
export function tokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  const token = value.trim();
  return token.length > 0 ? token : null;
}

/** Resolves `ctx.state.principal` (or null) for everything downstream: tRPC context and REST guards. */
export function authMiddleware(): Middleware {
  return async (ctx, next) => {
    const token = tokenOf(ctx.get('Authorization') || undefined);
    ctx.state.principal = (token ? await resolveSession(token) : null) satisfies Principal | null;
    ctx.state.token = token;
    await next();
  };
}
