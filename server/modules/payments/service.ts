import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { keyedHash } from '../../lib/crypto.ts';
import { runtime } from '../../lib/runtime.ts';
import { istMoment } from '../offers/rules.ts';
import { roundShare } from '../bills/compute.ts';
import { PLATFORM_FEE_BPS } from '../bills/schema.ts';
import { getOwnOrder, toOrderRow, type OrderRow } from '../orders/service.ts';
import { isSandbox, type PaymentNotice } from '../../providers/payments.ts';
import { assertOutletAccess } from '../../lib/outlet-access.ts';
import {
  PAYMENT_MESSAGES,
  RECEIPT_CHECK_MESSAGES,
  type CheckoutResult,
  type DemoCheckout,
  type Receipt,
  type ReceiptCheck,
} from './schema.ts';

/**
 * Payment capture, exactly once (docs/payments.md). Every path (the sandbox's Pay / Fail, a provider's
 * checkout callback, a webhook) ends in `applyPaymentEvent`, which runs in ONE transaction:
 *   record the event (unique per provider + event id: a duplicate does nothing) → lock the order →
 *   check the amount → mark the coupon redeemed (only if not yet) → payment row → order paid →
 *   redemption → ledger entries → outlet_daily_stats.
 * Anything refused (bad signature, wrong amount, unknown order) throws before a row is written.
 * Order states: created → paid | failed; failed → paid (a later attempt succeeded); paid is final.
 */

const RECEIPT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReceiptCode(): string {
  let code = 'BCH-';
  for (let i = 0; i < 8; i++) code += RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)];
  return code;
}

/** Six digits derived (keyed) from the order id: what the staff compare at the counter. */
export function verificationCodeOf(publicId: string): string {
  const h = keyedHash(runtime().secret, 'receipt-verification', publicId);
  return String(parseInt(h.slice(0, 12), 16) % 1_000_000).padStart(6, '0');
}

export interface PaymentEvent {
  kind: 'captured' | 'failed';
  providerOrderId: string;
  paymentId: string;
  /** The amount the provider reports; null when the source carries none (checkout callback). */
  amountPaise: number | null;
  method?: string | null;
  errorReason?: string | null;
  /** Webhook events: recorded in payment_events and deduplicated by (provider, eventId). */
  event?: { eventId: string; eventType: string; payload: unknown };
}

export interface ApplyResult {
  orderId: string;
  status: OrderRow['status'];
  /** true when this call changed nothing (a duplicate or a late event). */
  duplicate: boolean;
}

const ENTRY_TYPES = ['bill', 'instant_discount', 'shuffle_discount', 'convenience_fee', 'gst', 'platform_fee', 'net_to_outlet'] as const;

async function capture(trx: Knex.Transaction, order: OrderRow, e: PaymentEvent, at: Date): Promise<OrderRow['status']> {
  const provider = order.provider;
  if (order.couponId !== null) {
    const used = await trx('coupons')
      .where({ id: order.couponId })
      .whereNull('redeemedAt')
      .update({ redeemedAt: at, isLive: false });
    if (used === 0) {
      // The coupon went to another paid order first: this payment is not captured (Razorpay refunds an
      // authorised payment that is never captured), the order fails and nothing else is written.
      await trx('payments')
        .insert({ orderId: order.id, provider, providerPaymentId: e.paymentId, status: 'failed', amountPaise: order.amountPaise, errorReason: PAYMENT_MESSAGES.couponUsed })
        .onConflict(['provider', 'providerPaymentId'])
        .ignore();
      await trx('orders').where({ id: order.id }).update({ status: 'failed', updatedAt: at });
      return 'failed';
    }
  }
  await trx('payments').insert({
    orderId: order.id,
    provider,
    providerPaymentId: e.paymentId,
    status: 'captured',
    amountPaise: order.amountPaise,
    method: e.method ?? null,
    capturedAt: at,
  });
  await trx('orders').where({ id: order.id }).update({
    status: 'paid',
    paidAt: at,
    receiptCode: newReceiptCode(),
    verificationCode: verificationCodeOf(order.publicId),
    updatedAt: at,
  });
  await trx('redemptions').insert({
    couponId: order.couponId,
    orderId: order.id,
    consumerId: order.consumerId,
    outletId: order.outletId,
    redeemedAt: at,
  });
  const subtotal = order.billPaise - order.instantDiscountPaise - order.shuffleDiscountPaise;
  const platformFee = roundShare(subtotal, PLATFORM_FEE_BPS);
  const amounts: Record<(typeof ENTRY_TYPES)[number], number> = {
    bill: order.billPaise,
    instant_discount: order.instantDiscountPaise,
    shuffle_discount: order.shuffleDiscountPaise,
    convenience_fee: order.convenienceFeePaise,
    gst: order.gstPaise,
    platform_fee: platformFee,
    net_to_outlet: subtotal - platformFee,
  };
  await trx('ledgerEntries').insert(
    ENTRY_TYPES.map((entryType) => ({ outletId: order.outletId, orderId: order.id, entryType, amountPaise: amounts[entryType], occurredAt: at })),
  );
  const discount = order.instantDiscountPaise + order.shuffleDiscountPaise;
  const coupons = order.couponId !== null ? 1 : 0;
  await trx.raw(
    `INSERT INTO outlet_daily_stats (outlet_id, day, orders_count, coupons_count, bill_paise, discount_paise, fee_paise, net_paise, updated_at)
     VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (outlet_id, day) DO UPDATE SET
       orders_count = outlet_daily_stats.orders_count + 1,
       coupons_count = outlet_daily_stats.coupons_count + EXCLUDED.coupons_count,
       bill_paise = outlet_daily_stats.bill_paise + EXCLUDED.bill_paise,
       discount_paise = outlet_daily_stats.discount_paise + EXCLUDED.discount_paise,
       fee_paise = outlet_daily_stats.fee_paise + EXCLUDED.fee_paise,
       net_paise = outlet_daily_stats.net_paise + EXCLUDED.net_paise,
       updated_at = EXCLUDED.updated_at`,
    [order.outletId, istMoment(at).date, coupons, order.billPaise, discount, platformFee, subtotal - platformFee, at],
  );
  return 'paid';
}

/** Applies one provider event to its order, exactly once (see the header comment). */
export async function applyPaymentEvent(e: PaymentEvent): Promise<ApplyResult> {
  const { db, now, payments, logger } = runtime();
  const provider = payments.name;
  return db.transaction(async (trx) => {
    const at = now();
    if (e.event) {
      const recorded = await trx('paymentEvents')
        .insert({
          provider,
          eventId: e.event.eventId,
          eventType: e.event.eventType,
          payload: JSON.stringify(e.event.payload ?? null),
          receivedAt: at,
        })
        .onConflict(['provider', 'eventId'])
        .ignore()
        .returning('id');
      if (!recorded.length) {
        const o = await trx('orders').where({ provider, providerOrderId: e.providerOrderId }).first('publicId', 'status');
        return { orderId: String(o?.publicId ?? ''), status: (o?.status ?? 'created') as OrderRow['status'], duplicate: true };
      }
    }
    const row = await trx('orders').where({ provider, providerOrderId: e.providerOrderId }).forUpdate().first();
    if (!row) throw badRequest(PAYMENT_MESSAGES.unknownOrder);
    const order = toOrderRow(row);
    if (e.amountPaise !== null && e.amountPaise !== order.amountPaise) {
      throw badRequest(PAYMENT_MESSAGES.amountMismatch, { amount: PAYMENT_MESSAGES.amountMismatch });
    }
    let status = order.status;
    let duplicate = true;
    if (e.kind === 'captured' && order.status !== 'paid' && order.status !== 'cancelled') {
      // A payment id already on record (e.g. refused because its coupon was used) is never captured later.
      const seen = await trx('payments').where({ provider, providerPaymentId: e.paymentId }).first('id');
      if (!seen) {
        status = await capture(trx, order, e, at);
        duplicate = false;
        logger.info({ orderId: order.publicId, outletId: order.outletId, provider, status }, 'payment applied');
      }
    } else if (e.kind === 'captured' && order.status === 'paid') {
      const mine = await trx('payments').where({ provider, providerPaymentId: e.paymentId }).first('id');
      if (!mine) logger.warn({ orderId: order.publicId }, 'a second payment arrived for a paid order');
    } else if (e.kind === 'failed' && order.status === 'created') {
      await trx('payments')
        .insert({ orderId: order.id, provider, providerPaymentId: e.paymentId, status: 'failed', amountPaise: order.amountPaise, errorReason: e.errorReason ?? null })
        .onConflict(['provider', 'providerPaymentId'])
        .ignore();
      await trx('orders').where({ id: order.id }).update({ status: 'failed', updatedAt: at });
      status = 'failed';
      duplicate = false;
    }
    if (e.event) await trx('paymentEvents').where({ provider, eventId: e.event.eventId }).update({ processedAt: at });
    return { orderId: order.publicId, status, duplicate };
  });
}

const redirectOf = (orderId: string, status: OrderRow['status']): CheckoutResult => ({
  orderId,
  outcome: status === 'paid' ? 'paid' : status === 'created' ? 'pending' : 'failed',
  redirectTo: `${status === 'paid' ? '/payment-success' : '/payment-failure'}?orderId=${orderId}`,
});

/** A webhook, from its raw bytes: signature first (400, nothing written), then the event. */
export async function handleWebhook(rawBody: Buffer, signature: string | undefined, eventIdHeader: string | undefined): Promise<ApplyResult | { ignored: true }> {
  const { payments } = runtime();
  if (!payments.verifyWebhookSignature(rawBody, signature)) throw badRequest(PAYMENT_MESSAGES.badSignature);
  const notice: PaymentNotice = payments.parseWebhook(rawBody, eventIdHeader);
  if (notice.kind === 'other' || !notice.providerOrderId || !notice.paymentId) return { ignored: true };
  return applyPaymentEvent({
    kind: notice.kind,
    providerOrderId: notice.providerOrderId,
    paymentId: notice.paymentId,
    amountPaise: notice.amountPaise,
    method: notice.method,
    errorReason: notice.errorReason,
    event: { eventId: notice.eventId, eventType: notice.eventType, payload: JSON.parse(rawBody.toString('utf8')) },
  });
}

/**
 * The checkout callback (the browser's handler after a successful payment): the signature over
 * `order_id|payment_id` proves the provider authorised this payment for this order, whose amount the
 * provider fixed when the order was created, so the capture uses the order's amount.
 */
export async function handleCheckoutCallback(
  consumerId: number | null,
  input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<CheckoutResult> {
  const { payments, db } = runtime();
  const ok = payments.verifyCheckoutSignature({
    providerOrderId: input.razorpay_order_id,
    paymentId: input.razorpay_payment_id,
    signature: input.razorpay_signature,
  });
  if (!ok) throw badRequest(PAYMENT_MESSAGES.badSignature, { razorpay_signature: PAYMENT_MESSAGES.badSignature });
  if (consumerId !== null) {
    const own = await db('orders').where({ provider: payments.name, providerOrderId: input.razorpay_order_id, consumerId }).first('id');
    if (!own) throw notFound(PAYMENT_MESSAGES.unknownOrder);
  }
  const result = await applyPaymentEvent({
    kind: 'captured',
    providerOrderId: input.razorpay_order_id,
    paymentId: input.razorpay_payment_id,
    amountPaise: null,
  });
  return redirectOf(result.orderId, result.status);
}

/** `payments.demoCheckout`: what the sandbox's hosted checkout shows for the shopper's order. */
export async function getDemoCheckout(consumerId: number, orderId: string): Promise<DemoCheckout> {
  const order = await getOwnOrder(consumerId, orderId);
  const outlet = await runtime().db('outlets').where({ id: order.outletId }).first('name');
  return { orderId: order.publicId, outletId: order.outletId, outletName: String(outlet?.name ?? ''), amountPaise: order.amountPaise, status: order.status };
}

/**
 * `payments.demoComplete`: the sandbox's Pay / Fail. Pay produces the signed checkout callback and the
 * signed `payment.captured` webhook, Fail a signed `payment.failed` webhook; both go through the same
 * verification and capture code as a real provider's (so the webhook after the callback is a no-op).
 */
export async function completeDemoCheckout(consumerId: number, orderId: string, outcome: 'pay' | 'fail'): Promise<CheckoutResult> {
  const { payments } = runtime();
  if (!isSandbox(payments)) throw new AppError('BAD_REQUEST', PAYMENT_MESSAGES.notSandbox);
  const order = await getOwnOrder(consumerId, orderId);
  if (order.status === 'paid' || order.status === 'cancelled' || !order.providerOrderId) {
    return redirectOf(order.publicId, order.status === 'created' ? 'failed' : order.status);
  }
  const completion = payments.complete({ providerOrderId: order.providerOrderId, amountPaise: order.amountPaise, outcome });
  let result: CheckoutResult | null = null;
  if (completion.callback) result = await handleCheckoutCallback(consumerId, completion.callback);
  const hook = await handleWebhook(completion.webhook.body, completion.webhook.signature, completion.webhook.eventId);
  if (!result) {
    const status = 'status' in hook ? hook.status : order.status;
    result = redirectOf(order.publicId, status);
  }
  return result;
}

/** `payments.byOrder`: the receipt (and the state of a pending or failed order). */
export async function getReceipt(consumerId: number, orderId: string): Promise<Receipt> {
  const { db } = runtime();
  const order = await getOwnOrder(consumerId, orderId);
  const [outlet, failed] = await Promise.all([
    db('outlets').where({ id: order.outletId }).first('name'),
    order.status === 'failed'
      ? db('payments').where({ orderId: order.id, status: 'failed' }).orderBy('id', 'desc').first('errorReason')
      : Promise.resolve(null),
  ]);
  const paid = order.status === 'paid';
  return {
    orderId: order.publicId,
    status: order.status,
    outletId: order.outletId,
    outletName: String(outlet?.name ?? ''),
    billPaise: order.billPaise,
    amountPaise: order.amountPaise,
    savedPaise: order.instantDiscountPaise + order.shuffleDiscountPaise,
    instantDiscountPaise: order.instantDiscountPaise,
    shuffleDiscountPaise: order.shuffleDiscountPaise,
    convenienceFeePaise: order.convenienceFeePaise,
    gstPaise: order.gstPaise,
    paidAt: order.paidAt,
    receiptCode: paid ? order.receiptCode : null,
    verificationCode: paid ? order.verificationCode : null,
    failureReason: order.status === 'failed' ? (failed?.errorReason ?? 'The payment did not go through. No money was taken.') : null,
  };
}

/**
 * `payments.checkReceipt`: the outlet's staff (a business account with access to the outlet) type the
 * receipt id the shopper shows; a paid bill at THIS outlet answers with its verification code, amount
 * and time to compare with the shopper's screen. Anything else is NOT_FOUND.
 */
export async function checkReceipt(businessOwnerId: number, input: { outletId: number; receiptCode: string }): Promise<ReceiptCheck> {
  await assertOutletAccess(businessOwnerId, input.outletId);
  const row = await runtime()
    .db('orders')
    .where({ outletId: input.outletId, receiptCode: input.receiptCode, status: 'paid' })
    .first();
  if (!row) throw notFound(RECEIPT_CHECK_MESSAGES.notFound);
  const order = toOrderRow(row);
  return {
    receiptCode: order.receiptCode ?? input.receiptCode,
    verificationCode: order.verificationCode ?? '',
    outletId: order.outletId,
    billPaise: order.billPaise,
    amountPaise: order.amountPaise,
    savedPaise: order.instantDiscountPaise + order.shuffleDiscountPaise,
    paidAt: order.paidAt ?? order.createdAt,
  };
}
