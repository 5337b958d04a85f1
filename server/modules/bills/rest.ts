import type Router from '@koa/router';
import type { Context } from 'koa';
import { parseWith } from '../../rest/validate.ts';
import { consumerOf } from '../../rest/guards.ts';
import { getBillInputSchema, type Bill } from './schema.ts';
import { getBill } from './service.ts';

/** The breakdown on the wire: upper-case keys like the rest of the legacy API; money in paise. */
export function toRestBill(b: Bill) {
  return {
    OUTLET_ID: b.outletId,
    OUTLET_NAME: b.outletName,
    IS_OPEN: b.isOpen ? 'true' : 'false',
    BILL_PAISE: b.billPaise,
    MINIMUM_BILL_PAISE: b.minimumBillPaise,
    BELOW_MINIMUM: b.belowMinimum ? 'true' : 'false',
    MESSAGE: b.message,
    OFFER: b.offer
      ? { SOURCE: b.offer.source, TITLE: b.offer.title, DISCOUNT_PERCENT: b.offer.discountPercent, VALID_UNTIL: b.offer.validUntil.toISOString() }
      : null,
    INSTANT_DISCOUNT_PERCENT: b.instantDiscountPercent,
    INSTANT_DISCOUNT_PAISE: b.instantDiscountPaise,
    COUPON: b.coupon
      ? { COUPON_ID: b.coupon.id, CODE: b.coupon.code, DISCOUNT_PRECENT: b.coupon.discountPercent, VALID_UNTIL: b.coupon.validUntil.toISOString() }
      : null,
    SHUFFLE_DISCOUNT_PERCENT: b.shuffleDiscountPercent,
    SHUFFLE_DISCOUNT_PAISE: b.shuffleDiscountPaise,
    DISCOUNT_PAISE: b.discountPaise,
    SUBTOTAL_PAISE: b.subtotalPaise,
    CONVENIENCE_FEE_PERCENT: b.convenienceFeePercent,
    CONVENIENCE_FEE_PAISE: b.convenienceFeePaise,
    GST_PERCENT: b.gstPercent,
    GST_PAISE: b.gstPaise,
    AMOUNT_PAISE: b.amountPaise,
    SHUFFLE_MIN_PERCENT: b.shuffleRange.minPercent,
    SHUFFLE_MAX_PERCENT: b.shuffleRange.maxPercent,
  };
}

/** `GET|POST /api/outlet/v1/getBill` (SPEC §7: the amount breakdown): `{ bill }`. */
export function billsRest({ api }: { api: Router }): void {
  const handler = async (ctx: Context) => {
    const { consumerId } = consumerOf(ctx);
    const source = ctx.method === 'GET' ? ctx.query : (ctx.request.body ?? {});
    const input = parseWith(getBillInputSchema, source);
    ctx.body = { bill: toRestBill(await getBill(consumerId, input)) };
  };
  api.get('/outlet/v1/getBill', handler);
  api.post('/outlet/v1/getBill', handler);
}
