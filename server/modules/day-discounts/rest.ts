import type Router from '@koa/router';
import { z } from 'zod';
import { DAYS_OF_WEEK } from '../../admin/declaration.ts';
import { actorOf, requireSales } from '../../rest/guards.ts';
import { parseWith } from '../../rest/validate.ts';
import { dayDiscountAdminSchema } from './admin.ts';
import { listDayDiscounts, saveDayDiscount } from './service.ts';

const legacy = (r: { id: unknown; outletId: unknown; dayOfWeek: unknown; discountPercent: unknown; isActive: unknown }) => ({
  ID: r.id,
  OUTLET_ID: r.outletId,
  DAY_OF_WEEK: r.dayOfWeek,
  DAY: DAYS_OF_WEEK.find((d) => d.id === r.dayOfWeek)?.name.toLowerCase() ?? null,
  DISCOUNT_PERCENT: r.discountPercent,
  IS_ACTIVE: String(r.isActive),
});

const outletQuerySchema = z.object({ outletId: z.coerce.number({ error: 'outletId is required' }).int().positive('outletId is required') });

/** `GET /api/outlet/dayDiscounts?outletId` and `POST /api/outlet/dayDiscounts` (sales; SPEC §7). */
export function dayDiscountsRest({ api }: { api: Router; admin: Router }): void {
  api.get('/outlet/dayDiscounts', requireSales(), async (ctx) => {
    const { outletId } = parseWith(outletQuerySchema, ctx.query);
    ctx.body = { dayDiscounts: (await listDayDiscounts(outletId)).map(legacy) };
  });
  api.post('/outlet/dayDiscounts', requireSales(), async (ctx) => {
    const input = parseWith(dayDiscountAdminSchema, ctx.request.body ?? {});
    const record = await saveDayDiscount(input, actorOf(ctx));
    ctx.body = { message: 'Day discount saved', dayDiscount: legacy(record as never) };
  });
}
