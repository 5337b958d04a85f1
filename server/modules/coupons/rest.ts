import type Router from '@koa/router';
import { consumerOf } from '../../rest/guards.ts';
import type { CouponView } from './schema.ts';
import { listCoupons } from './service.ts';

const flag = (b: boolean) => (b ? 'true' : 'false');

/** A coupon on the wire (SPEC §3): upper-case keys, IS_LIVE / REDEEMED as "true" / "false". */
export function toRestCoupon(c: CouponView, userId: number) {
  return {
    COUPON_ID: c.id,
    CODE: c.code,
    USER_ID: userId,
    OUTLET_ID: c.outletId,
    OUTLET_NAME: c.outletName,
    DISCOUNT_PRECENT: c.discountPercent,
    IS_LIVE: flag(c.isLive),
    REDEEMED: flag(c.redeemed),
    USED_GOLD_KEY: flag(c.usedGoldenKey),
    VALID_UNTIL: c.validUntil.toISOString(),
    REDEEMED_AT: c.redeemedAt?.toISOString() ?? null,
    CREATED_AT: c.createdAt.toISOString(),
  };
}

/** `GET /api/user/discounts` (SPEC §7): `{ response: { coupons, active, expired, counts } }`. */
export function couponsRest({ api }: { api: Router }): void {
  api.get('/user/discounts', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const list = await listCoupons(consumerId);
    const active = list.active.map((c) => toRestCoupon(c, consumerId));
    const expired = list.expired.map((c) => toRestCoupon(c, consumerId));
    const redeemed = list.redeemed.map((c) => toRestCoupon(c, consumerId));
    ctx.body = {
      response: {
        coupons: [...active, ...expired, ...redeemed],
        active,
        expired,
        redeemed,
        counts: {
          ACTIVE: list.counts.active,
          EXPIRED: list.counts.expired,
          REDEEMED: list.counts.redeemed,
          TOTAL: list.counts.total,
        },
      },
    };
  });
}
