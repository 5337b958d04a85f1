import type Router from '@koa/router';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { actorOf, requireSales } from '../../rest/guards.ts';
import { parseWith } from '../../rest/validate.ts';
import { toLegacy } from '../../admin/legacy-shape.ts';
import { createRecord } from '../../admin/engine.ts';
import { getSalesOutletDetails, listAllOutlets, outletHooks } from './sales-service.ts';
import { outletsAdmin } from './admin.ts';

/** The back office's outlets resource, for the sales REST twin of its create. */
const outletsResource = { declaration: outletsAdmin, hooks: outletHooks };

const allOutletsSchema = z.object({
  offSet: z.coerce.number().int().min(0).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(16),
  searchString: z.string().trim().max(100).optional(),
});
const outletIdSchema = z.object({ outletId: z.coerce.number({ error: 'outletId is required' }).int().positive('outletId is required') });

/**
 * Sales paths over outlets (SPEC §7): `POST /api/outlet/create`, `GET|POST /api/outlet/all-outlets`
 * (offSet = 1-based page, limit; rows carry OUTLET_ID, MASTER_OUTLET_ID and TOTAL_COUNT) and
 * `POST /api/sales/details?outletId`. All need a sales session; creates are audited like the back office's.
 */
export function outletSalesRest({ api }: { api: Router; admin: Router }): void {
  api.post('/outlet/create', requireSales(), async (ctx) => {
    const record = await createRecord(outletsResource, ctx.request.body, actorOf(ctx));
    ctx.status = 201;
    ctx.body = { message: 'Outlet created', outletId: record.id, outletDetails: toLegacy(record, { idKey: 'OUTLET_ID' }) };
  });
  const allOutlets = async (ctx: Parameters<Parameters<Router['get']>[1]>[0]) => {
    const q = parseWith(allOutletsSchema, { ...(ctx.request.body as object | undefined), ...ctx.query });
    const { rows, total } = await listAllOutlets(q);
    ctx.body = {
      outlets: rows.map((r) => toLegacy({ ...r, totalCount: total }, { idKey: 'OUTLET_ID' })),
      totalCount: total,
    };
  };
  api.get('/outlet/all-outlets', requireSales(), allOutlets);
  api.post('/outlet/all-outlets', requireSales(), allOutlets);
  api.post('/sales/details', requireSales(), async (ctx) => {
    const { outletId } = parseWith(outletIdSchema, ctx.query);
    const details = await getSalesOutletDetails(outletId);
    if (!details) throw notFound('Outlet not found');
    ctx.body = {
      outletDetails: {
        ...toLegacy(details.outlet, { idKey: 'OUTLET_ID' }),
        CATEGORY_NAME: details.categoryName,
        CITY_NAME: details.cityName,
      },
      discount: details.discount ? toLegacy(details.discount) : null,
      dayDiscounts: details.dayDiscounts.map((d) => toLegacy(d)),
      businessOwners: details.owners.map((o) => toLegacy(o, { idKey: 'BO_ID' })),
    };
  });
}
