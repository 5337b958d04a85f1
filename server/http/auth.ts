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
  const signedIn = async (ctx: Parameters<Middleware>[0], next: () => Promise<unknown>, token: string) => {
    ctx.state.principal = (await resolveSession(token)) satisfies Principal | null;
    ctx.state.token = token;
    await next();
  };
  // Without a token there is nothing to wait for: no extra promise on the way.
  return (ctx, next) => {
    const token = tokenOf(ctx.get('Authorization') || undefined);
    if (token) return signedIn(ctx, next, token);
    ctx.state.principal = null;
    ctx.state.token = null;
    return next();
  };
}
