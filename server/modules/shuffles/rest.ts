import type Router from '@koa/router';
import { parseWith } from '../../rest/validate.ts';
import { consumerOf } from '../../rest/guards.ts';
import { dealShuffleInputSchema, saveShuffleInputSchema } from './schema.ts';
import { dealShuffle, saveShuffle } from './service.ts';

const flag = (b: boolean) => (b ? 'true' : 'false');

/** `POST /api/outlet/getShuffle` and `POST /api/user/saveDiscount` (SPEC §7). */
export function shufflesRest({ api }: { api: Router }): void {
  api.post('/outlet/getShuffle', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const deal = await dealShuffle(consumerId, parseWith(dealShuffleInputSchema, ctx.request.body ?? {}));
    ctx.body = {
      OUTLET_ID: deal.outletId,
      OUTLET_NAME: deal.outletName,
      MIN_PERCENT: deal.minPercent,
      MAX_PERCENT: deal.maxPercent,
      CARD_COUNT: deal.cardCount,
      FREE_AVAILABLE: flag(deal.freeAvailable),
      CAN_SHUFFLE: flag(deal.canShuffle),
      GOLD_KEYS: deal.goldKeys,
    };
  });

  api.post('/user/saveDiscount', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const saved = await saveShuffle(consumerId, parseWith(saveShuffleInputSchema, ctx.request.body ?? {}));
    const c = saved.coupon;
    ctx.status = 201;
    ctx.body = {
      coupon: {
        COUPON_ID: c.id,
        CODE: c.code,
        USER_ID: consumerId,
        OUTLET_ID: c.outletId,
        DISCOUNT_PRECENT: c.discountPercent,
        IS_LIVE: flag(c.isLive),
        REDEEMED: 'false',
        USED_GOLD_KEY: flag(c.usedGoldenKey),
        VALID_UNTIL: c.validUntil.toISOString(),
      },
      CARD: saved.card,
      OTHER_CARDS: saved.otherCards.map((o) => ({ CARD: o.card, DISCOUNT_PRECENT: o.discountPercent })),
      GOLD_KEYS: saved.goldKeys,
    };
  });
}
