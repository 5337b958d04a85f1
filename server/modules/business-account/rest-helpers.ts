import type { Context, Middleware } from 'koa';
import { unauthorized } from '../../lib/errors.ts';
import { assertRawOutletAccess } from '../../lib/outlet-access.ts';
import type { Principal } from '../sessions/service.ts';

/** Shared by the business REST adapters (business-account, promotions, dashboards, sub-accounts). */

export type BusinessPrincipal = Extract<Principal, { kind: 'business' }>;

/** The signed-in business account of a REST request, or 401. */
export function businessOf(ctx: Context): BusinessPrincipal {
  const principal = ctx.state.principal as Principal | null | undefined;
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

/** Query, then body fields, of a request, as one raw object for the shared zod schemas. */
export function rawInputOf(ctx: Context, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body = ctx.request.body;
  return { ...ctx.query, ...(body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}), ...extra };
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

export const bool = (v: boolean): 'true' | 'false' => (v ? 'true' : 'false');
