import type { Context, Middleware } from 'koa';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { assertRawOutletAccess } from '../lib/outlet-access.ts';
import type { AdminActor } from '../admin/engine.ts';
import type { Principal } from '../modules/sessions/service.ts';
import { rawInputOf } from './validate.ts';

/**
 * The REST side's auth guards (transport core, like the tRPC procedures in server/trpc/trpc.ts): every
 * module's rest.ts asks these for its caller. `authMiddleware` (server/http/auth.ts) has already
 * resolved `ctx.state.principal`; a guard narrows it or refuses. Data ownership is the services' job.
 */

export type ConsumerPrincipal = Extract<Principal, { kind: 'consumer' }>;
export type BusinessPrincipal = Extract<Principal, { kind: 'business' }>;

export function principalOf(ctx: Context): Principal | null | undefined {
  return ctx.state.principal as Principal | null | undefined;
}

/**
 * The back office's guard: no session → 401; a shopper's or owner's session → 403. react-admin's
 * auth provider logs out on either, which is what we want for these cases only.
 */
export function requireSales(): Middleware {
  return async (ctx, next) => {
    const principal = principalOf(ctx);
    if (!principal) throw unauthorized('Please sign in to the sales back office.');
    if (principal.kind !== 'sales') throw forbidden('The back office is for sales staff only.');
    await next();
  };
}

/** The acting sales staff member of a REST request (behind `requireSales()`), or 401. */
export function actorOf(ctx: Context): AdminActor {
  const principal = principalOf(ctx);
  if (principal?.kind !== 'sales') throw unauthorized('Please sign in to the sales back office.');
  return { salesStaffId: principal.salesStaffId };
}

/** The signed-in shopper of a REST request, or 401. */
export function consumerOf(ctx: Context): ConsumerPrincipal {
  const principal = principalOf(ctx);
  if (principal?.kind !== 'consumer') throw unauthorized();
  return principal;
}

/** The signed-in business account of a REST request, or 401. */
export function businessOf(ctx: Context): BusinessPrincipal {
  const principal = principalOf(ctx);
  if (principal?.kind !== 'business') throw unauthorized('Please sign in to your business account.');
  return principal;
}

/** Refuses a request without a business session before anything else (e.g. before reading an upload). */
export function requireBusiness(): Middleware {
  return async (ctx, next) => {
    businessOf(ctx);
    await next();
  };
}

/**
 * The raw input of a business request with its outlet checked BEFORE validation (the same rule as the
 * tRPC `outletProcedure`): a foreign outlet id is 403/404 whatever else the request holds.
 */
export async function checkedInputOf(ctx: Context, extra: Record<string, unknown> = {}): Promise<{ ownerId: number; raw: Record<string, unknown> }> {
  const { businessOwnerId } = businessOf(ctx);
  const raw = rawInputOf(ctx, extra);
  await assertRawOutletAccess(businessOwnerId, raw);
  return { ownerId: businessOwnerId, raw };
}
