import type Router from '@koa/router';
import { checkedInputOf } from '../../rest/guards.ts';
import { parseWith } from '../../rest/validate.ts';
import { businessOf } from '../../rest/guards.ts';
import type { ReceiptCheck } from '../payments/schema.ts';
import { counterPageSchema, refundInputSchema, streamTicketInputSchema, verifyInputSchema, type CounterPayment, type CounterRefund } from './schema.ts';
import { issueStreamTicket, listCounterPayments, refundPayment, verifyReceipt } from './service.ts';
import { serveCounterStream } from './stream.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const refundWire = (f: CounterRefund) => ({
  REFUND_ID: f.id,
  AMOUNT_PAISE: f.amountPaise,
  STATUS: f.status,
  REASON: f.reason,
  CREATED_AT: iso(f.createdAt),
  PROCESSED_AT: iso(f.processedAt),
});

export const paymentWire = (p: CounterPayment) => ({
  ORDER_ID: p.orderId,
  RECEIPT_ID: p.receiptCode,
  VERIFICATION_CODE: p.verificationCode,
  PAID_AT: iso(p.paidAt),
  BILL_PAISE: p.billPaise,
  DISCOUNT_PAISE: p.discountPaise,
  AMOUNT_PAISE: p.amountPaise,
  STATUS: p.status,
  REFUNDED_PAISE: p.refundedPaise,
  REFUND_PENDING_PAISE: p.refundPendingPaise,
  REFUNDABLE_PAISE: p.refundablePaise,
  REFUNDABLE_UNTIL: iso(p.refundableUntil),
  REFUNDS: p.refunds.map(refundWire),
  TABLE_NUMBER: p.tableNumber,
});

const matchWire = (c: ReceiptCheck) => ({
  ORDER_ID: c.orderId,
  RECEIPT_ID: c.receiptCode,
  VERIFICATION_CODE: c.verificationCode,
  OUTLET_ID: c.outletId,
  BILL_PAISE: c.billPaise,
  AMOUNT_PAISE: c.amountPaise,
  SAVED_PAISE: c.savedPaise,
  PAID_AT: iso(c.paidAt),
  SHOPPER_FIRST_NAME: c.shopperFirstName,
  STATUS: c.status,
  REFUNDED_PAISE: c.refundedPaise,
  TABLE_NUMBER: c.tableNumber,
});

/**
 * The counter over REST (docs/payments.md "The counter"): business token, the outlet checked before
 * validation like every business route. Rows in the legacy UPPER_SNAKE shape.
 */
export function counterRest({ api }: { api: Router }): void {
  api.get('/business/payments/:outletId', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx, { outletId: ctx.params.outletId });
    const page = await listCounterPayments(ownerId, parseWith(counterPageSchema, raw));
    ctx.body = {
      payments: {
        data: page.data.map(paymentWire),
        offset: page.offSet,
        totalPages: page.totalPages,
        total: page.total,
        lastEventId: page.lastEventId,
        canRefund: page.canRefund,
        serverTime: page.serverTime.toISOString(),
      },
    };
  });
  api.get('/business/payments/:outletId/verify', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx, { outletId: ctx.params.outletId });
    ctx.body = { match: matchWire(await verifyReceipt(ownerId, parseWith(verifyInputSchema, raw))) };
  });
  api.post('/business/payments/:outletId/events/ticket', async (ctx) => {
    await checkedInputOf(ctx, { outletId: ctx.params.outletId });
    const { outletId } = parseWith(streamTicketInputSchema, { outletId: ctx.params.outletId });
    const t = await issueStreamTicket(businessOf(ctx), outletId);
    ctx.status = 201;
    ctx.body = { ticket: t.ticket, expiresAt: t.expiresAt.toISOString(), url: t.url };
  });
  api.get('/business/payments/:outletId/events', serveCounterStream);
  // POST /api/business/refunds {outletId, receiptId, amountPaise?, reason} + Idempotency-Key header.
  api.post('/business/refunds', async (ctx) => {
    const header = ctx.get('Idempotency-Key');
    const { ownerId, raw } = await checkedInputOf(ctx, header ? { idempotencyKey: header } : {});
    const result = await refundPayment(ownerId, parseWith(refundInputSchema, raw));
    ctx.status = result.replayed ? 200 : 201;
    ctx.body = { refund: refundWire(result.refund), payment: paymentWire(result.payment), replayed: result.replayed };
  });
}
