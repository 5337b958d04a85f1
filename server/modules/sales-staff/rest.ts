import type Router from '@koa/router';
import { unauthorized } from '../../lib/errors.ts';
import { parseWith } from '../../rest/validate.ts';
import type { Principal } from '../sessions/service.ts';
import { ADMIN_REQUEST_HEADER, salesLoginSchema } from './schema.ts';
import { getSalesStaffIdentity, loginSalesStaff, logoutSalesStaff } from './service.ts';
import { clearSalesSessionCookie, setSalesSessionCookie } from './session-cookie.ts';

function salesPrincipal(principal: Principal | null) {
  if (principal?.kind !== 'sales') throw unauthorized('Please sign in to the sales back office.');
  return principal;
}

/**
 * The back office's own login: `/api/admin/auth/login`, `/me`, `/logout`.
 *
 * Login answers with the session in an HttpOnly cookie (docs/back-office.md). The back-office app
 * (which sends `X-Bachat-Admin`) gets only `{ staff }`; other API clients also get `{ token }` in the
 * body for `Authorization: Bearer`. The credentials must be JSON, which a cross-site form cannot send.
 */
export function salesAuthRest({ adminAuth }: { adminAuth: Router }): void {
  adminAuth.post('/login', async (ctx) => {
    if (!ctx.is('application/json')) ctx.throw(415, 'Send the credentials as JSON.');
    const input = parseWith(salesLoginSchema, ctx.request.body ?? {});
    const { token, expiresAt, staff } = await loginSalesStaff(input, { userAgent: ctx.get('User-Agent'), ip: ctx.ip || null });
    setSalesSessionCookie(ctx, token, expiresAt);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = ctx.get(ADMIN_REQUEST_HEADER) ? { staff } : { token, staff };
  });
  adminAuth.get('/me', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getSalesStaffIdentity(salesPrincipal(ctx.state.principal).salesStaffId);
  });
  // Ends the session (when there is one) and always drops the cookie, so a stale cookie is cleared too.
  adminAuth.post('/logout', async (ctx) => {
    const principal = ctx.state.principal as Principal | null;
    if (principal?.kind === 'sales') await logoutSalesStaff(principal.sessionId);
    clearSalesSessionCookie(ctx);
    ctx.status = 204;
  });
}
