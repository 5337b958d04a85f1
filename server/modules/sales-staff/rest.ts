import type Router from '@koa/router';
import { unauthorized } from '../../lib/errors.ts';
import { parseWith } from '../../rest/validate.ts';
import type { Principal } from '../sessions/service.ts';
import { salesLoginSchema } from './schema.ts';
import { getSalesStaffIdentity, loginSalesStaff, logoutSalesStaff } from './service.ts';

function salesPrincipal(principal: Principal | null) {
  if (principal?.kind !== 'sales') throw unauthorized('Please sign in to the sales back office.');
  return principal;
}

/** The back office's own login: `/api/admin/auth/login`, `/me`, `/logout`. */
export function salesAuthRest({ adminAuth }: { adminAuth: Router }): void {
  adminAuth.post('/login', async (ctx) => {
    const input = parseWith(salesLoginSchema, ctx.request.body ?? {});
    ctx.body = await loginSalesStaff(input, { userAgent: ctx.get('User-Agent'), ip: ctx.ip || null });
  });
  adminAuth.get('/me', async (ctx) => {
    ctx.body = await getSalesStaffIdentity(salesPrincipal(ctx.state.principal).salesStaffId);
  });
  adminAuth.post('/logout', async (ctx) => {
    await logoutSalesStaff(salesPrincipal(ctx.state.principal).sessionId);
    ctx.status = 204;
  });
}
