import type { Middleware } from 'koa';
import { forbidden, unauthorized } from '../lib/errors.ts';

/**
 * The back office's guard: no session → 401; a shopper's or owner's session → 403. react-admin's
 * auth provider logs out on either, which is what we want for these cases only.
 */
export function requireSales(): Middleware {
  return async (ctx, next) => {
    const principal = ctx.state.principal;
    if (!principal) throw unauthorized('Please sign in to the sales back office.');
    if (principal.kind !== 'sales') throw forbidden('The back office is for sales staff only.');
    await next();
  };
}
