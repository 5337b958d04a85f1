import type Router from '@koa/router';
import { parseWith } from '../../rest/validate.ts';
import { consumerOf } from '../../rest/guards.ts';
import { createOrderInputSchema, type CreatedOrder } from './schema.ts';
import { createOrder } from './service.ts';

export function toRestOrder(o: CreatedOrder) {
  const b = o.breakdown;
  return {
    ORDER_ID: o.orderId,
    STATUS: o.status,
    EXPIRES_AT: o.expiresAt.toISOString(),
    PROVIDER: o.provider,
    PROVIDER_ORDER_ID: o.providerOrderId,
    AMOUNT_PAISE: o.amountPaise,
    OUTLET_ID: b.outletId,
    OUTLET_NAME: b.outletName,
    BILL_PAISE: b.billPaise,
    INSTANT_DISCOUNT_PERCENT: b.instantDiscountPercent,
    INSTANT_DISCOUNT_PAISE: b.instantDiscountPaise,
    SHUFFLE_DISCOUNT_PERCENT: b.shuffleDiscountPercent,
    SHUFFLE_DISCOUNT_PAISE: b.shuffleDiscountPaise,
    CONVENIENCE_FEE_PAISE: b.convenienceFeePaise,
    GST_PAISE: b.gstPaise,
    OFFER_SOURCE: b.offerSource,
    COUPON_ID: b.couponId,
    checkout: o.checkout,
  };
}

/**
 * `POST /api/outlet/route/v1/create` (SPEC §7: create order). The idempotency key comes from the body's
 * `idempotencyKey` or the `Idempotency-Key` header. 201 for a new order, 200 for a replayed one.
 */
export function ordersRest({ api }: { api: Router }): void {
  api.post('/outlet/route/v1/create', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const header = ctx.get('Idempotency-Key');
    const input = parseWith(createOrderInputSchema, { ...body, idempotencyKey: body.idempotencyKey ?? (header || undefined) });
    const order = await createOrder(consumerId, input);
    ctx.body = { order: toRestOrder(order) };
  });
}
