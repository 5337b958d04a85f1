import { assertMasterAccount, assertRawOutletAccess } from '../../lib/outlet-access.ts';
import { businessProcedure } from '../../trpc/trpc.ts';

/**
 * Base procedures of the business routers (businessAccount, promotions, dashboards, subAccounts).
 *
 * `outletProcedure`: a signed-in business account whose request names an outlet it may use. The check
 * runs on the RAW input, before the input schema, so a foreign outlet is refused (403/404) whatever
 * else the request holds; the services check again on the parsed input (one rule:
 * server/lib/outlet-access.ts). Every input of these procedures carries `outletId` at the top level.
 */
export const outletProcedure = businessProcedure.use(async ({ ctx, getRawInput, next }) => {
  await assertRawOutletAccess(ctx.principal.businessOwnerId, await getRawInput());
  return next();
});

/** A signed-in MASTER account (sub-accounts never manage accounts); outlets it grants are checked like above. */
export const masterProcedure = businessProcedure.use(async ({ ctx, getRawInput, next }) => {
  await assertMasterAccount(ctx.principal.businessOwnerId);
  await assertRawOutletAccess(ctx.principal.businessOwnerId, await getRawInput());
  return next();
});
