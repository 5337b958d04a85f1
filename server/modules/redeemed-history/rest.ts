import type Router from '@koa/router';
import { requestedLanguage } from '../../lib/i18n.ts';
import { parseWith } from '../../rest/validate.ts';
import { consumerOf } from '../../rest/guards.ts';
import { toRestRefund } from '../payments/schema.ts';
import { listRedeemedHistoryInputSchema, redemptionIdInputSchema, type RedemptionView } from './schema.ts';
import { getRedemption, listRedeemedHistory, redemptionReceiptPdf } from './service.ts';

export function toRestRedemption(r: RedemptionView) {
  return {
    ID: r.id,
    KIND: r.kind,
    ORDER_ID: r.orderId,
    OUTLET_ID: r.outletId,
    OUTLET_NAME: r.outletName,
    OUTLET_LOCALITY: r.outletLocality,
    BILL_PAISE: r.billPaise,
    AMOUNT_PAISE: r.amountPaise,
    SAVED_PAISE: r.savedPaise,
    INSTANT_DISCOUNT_PERCENT: r.instantDiscountPercent,
    INSTANT_DISCOUNT_PAISE: r.instantDiscountPaise,
    SHUFFLE_DISCOUNT_PERCENT: r.shuffleDiscountPercent,
    SHUFFLE_DISCOUNT_PAISE: r.shuffleDiscountPaise,
    CONVENIENCE_FEE_PAISE: r.convenienceFeePaise,
    GST_PAISE: r.gstPaise,
    COUPON_CODE: r.couponCode,
    RECEIPT_CODE: r.receiptCode,
    VERIFICATION_CODE: r.verificationCode,
    REDEEMED_AT: r.redeemedAt?.toISOString() ?? null,
    AT: r.at.toISOString(),
    REFUNDS: r.refunds.map(toRestRefund),
  };
}

/** `GET /api/user/redeemed-history` and `GET /api/user/redeemed-history/:id` (SPEC §7). */
export function redeemedHistoryRest({ api }: { api: Router }): void {
  api.get('/user/redeemed-history', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const page = await listRedeemedHistory(consumerId, parseWith(listRedeemedHistoryInputSchema, ctx.query));
    ctx.body = { history: page.items.map(toRestRedemption), TOTAL_COUNT: page.total, offSet: page.offSet, limit: page.limit };
  });
  api.get('/user/redeemed-history/:id', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const { id } = parseWith(redemptionIdInputSchema, ctx.params);
    ctx.body = { redemption: toRestRedemption(await getRedemption(consumerId, id)) };
  });
  // The paid bill's receipt as a PDF (the shopper's own; anyone else's is a 404).
  api.get('/user/redeemed-history/:id/receipt.pdf', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const { id } = parseWith(redemptionIdInputSchema, ctx.params);
    const pdf = await redemptionReceiptPdf(consumerId, id, requestedLanguage(ctx.get('Accept-Language')));
    ctx.set('Content-Type', pdf.contentType);
    ctx.set('Content-Disposition', `attachment; filename="${pdf.filename}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = pdf.bytes;
  });
}
