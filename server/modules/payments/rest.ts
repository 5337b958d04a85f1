import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { rawBodyEncodingError } from '../../http/content-encoding.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requestedLanguage } from '../../lib/i18n.ts';
import { runtime } from '../../lib/runtime.ts';
import { parseWith } from '../../rest/validate.ts';
import { businessOf, consumerOf } from '../../rest/guards.ts';
import { orderIdInputSchema } from '../orders/schema.ts';
import type { Principal } from '../sessions/service.ts';
import { checkReceiptInputSchema, checkoutCallbackSchema, demoCompleteInputSchema, type Receipt, toRestRefund } from './schema.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { checkReceipt, completeDemoCheckout, getDemoCheckout, getReceipt, handleCheckoutCallback, handleWebhook } from './service.ts';

const WEBHOOK_PATH = /^\/api\/payments\/webhook\/([a-z]+)$/;

async function readRaw(req: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += b.length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/**
 * `POST /api/payments/webhook/{sandbox|razorpay}`: mounted BEFORE the JSON body parser so the
 * signature is checked over the exact bytes the provider signed. Bad signature → 400, nothing written.
 */
export function paymentsWebhook(options: { limitBytes: number }): Middleware {
  return (ctx, next) => {
    const m = WEBHOOK_PATH.exec(ctx.path);
    return m ? receive(ctx, m[1]!) : next();
  };
  async function receive(ctx: Parameters<Middleware>[0], provider: string) {
    if (ctx.method !== 'POST') throw new AppError('BAD_REQUEST', 'Webhooks are POST requests');
    if (provider !== runtime().payments.name) throw notFound('No such API path');
    // The signature is over the bytes as sent: a compressed (or mislabelled) body is refused, not guessed at.
    const encodingError = rawBodyEncodingError(ctx.get('Content-Encoding') || undefined);
    if (encodingError) throw encodingError;
    const raw = await readRaw(ctx.req, options.limitBytes);
    const result = await handleWebhook(raw, ctx.get('X-Razorpay-Signature') || undefined, ctx.get('X-Razorpay-Event-Id') || undefined);
    ctx.body = {
      ok: true,
      ...('ignored' in result
        ? { ignored: true }
        : 'orderId' in result
          ? { orderId: result.orderId, status: result.status, duplicate: result.duplicate }
          : 'route' in result
            ? { route: result.route, duplicate: result.duplicate }
            : { refundStatus: result.status, duplicate: result.duplicate }),
    };
  };
}

export function toRestReceipt(r: Receipt) {
  return {
    ORDER_ID: r.orderId,
    STATUS: r.status,
    OUTLET_ID: r.outletId,
    OUTLET_NAME: r.outletName,
    BILL_PAISE: r.billPaise,
    AMOUNT_PAISE: r.amountPaise,
    SAVED_PAISE: r.savedPaise,
    INSTANT_DISCOUNT_PAISE: r.instantDiscountPaise,
    SHUFFLE_DISCOUNT_PAISE: r.shuffleDiscountPaise,
    CONVENIENCE_FEE_PAISE: r.convenienceFeePaise,
    GST_PAISE: r.gstPaise,
    PAID_AT: r.paidAt?.toISOString() ?? null,
    RECEIPT_CODE: r.receiptCode,
    VERIFICATION_CODE: r.verificationCode,
    FAILURE_REASON: r.failureReason,
    FAILURE_CODE: r.failureCode,
    EXPIRES_AT: r.expiresAt.toISOString(),
    COUPON: r.coupon ? { CODE: r.coupon.code, DISCOUNT_PRECENT: r.coupon.discountPercent, STATE: r.coupon.state } : null,
    REFUNDS: r.refunds.map(toRestRefund),
  };
}

/**
 * Checkout callback, sandbox checkout and receipt under `/api/payments/*` (the spec shows no payment
 * paths of its own; documented in docs/payments.md).
 */
export function paymentsRest({ api }: { api: Router }): void {
  api.post('/payments/callback', async (ctx) => {
    const principal = ctx.state.principal as Principal | null | undefined;
    const input = parseWith(checkoutCallbackSchema, ctx.request.body ?? {});
    ctx.body = await handleCheckoutCallback(principal?.kind === 'consumer' ? principal.consumerId : null, input);
  });
  api.get('/payments/demo/:orderId', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const { orderId } = parseWith(orderIdInputSchema, ctx.params);
    const d = await getDemoCheckout(consumerId, orderId);
    ctx.body = {
      ORDER_ID: d.orderId,
      OUTLET_ID: d.outletId,
      OUTLET_NAME: d.outletName,
      AMOUNT_PAISE: d.amountPaise,
      STATUS: d.status,
      EXPIRES_AT: d.expiresAt.toISOString(),
    };
  });
  api.post('/payments/demo/:orderId/complete', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const input = parseWith(demoCompleteInputSchema, { orderId: ctx.params.orderId, outcome: body.outcome });
    ctx.body = await completeDemoCheckout(consumerId, input.orderId, input.outcome);
  });
  // The outlet's staff check a receipt id at the counter (business token).
  api.get('/business/receipts/check', async (ctx) => {
    const { businessOwnerId } = businessOf(ctx);
    const c = await checkReceipt(businessOwnerId, parseWith(checkReceiptInputSchema, ctx.query));
    ctx.body = {
      RECEIPT_CODE: c.receiptCode,
      VERIFICATION_CODE: c.verificationCode,
      OUTLET_ID: c.outletId,
      BILL_PAISE: c.billPaise,
      AMOUNT_PAISE: c.amountPaise,
      SAVED_PAISE: c.savedPaise,
      PAID_AT: c.paidAt.toISOString(),
      ORDER_ID: c.orderId,
      SHOPPER_FIRST_NAME: c.shopperFirstName,
      STATUS: c.status,
      REFUNDED_PAISE: c.refundedPaise,
    };
  });
  api.get('/payments/order/:orderId/receipt.pdf', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const { orderId } = parseWith(orderIdInputSchema, ctx.params);
    const pdf = await receiptPdf(consumerId, orderId, requestedLanguage(ctx.get('Accept-Language')));
    ctx.set('Content-Type', pdf.contentType);
    ctx.set('Content-Disposition', `attachment; filename="${pdf.filename}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = pdf.bytes;
  });
  api.get('/payments/order/:orderId', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const { orderId } = parseWith(orderIdInputSchema, ctx.params);
    ctx.body = { receipt: toRestReceipt(await getReceipt(consumerId, orderId)) };
  });
}
