import type { Knex } from 'knex';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { single } from '../../db/rows.ts';
import type { OrderRow, PaymentProviderName, PaymentStatus } from '../../db/tables.ts';
import { discountOf, feeConfigOf, orderMoney } from '../orders/money.ts';
import { redeemCoupon } from '../shuffles/service.ts';
import { getOwnOrder, markOrderPaid, setOrderOutcome, visibleStatus } from '../orders/service.ts';
import type { OrderStatus } from '../orders/schema.ts';
import { isSandbox, type PaymentNotice } from '../../providers/payments.ts';
import type { DomainEventMap } from '../../lib/domain-events.ts';
import { assertOutletAccess } from '../../lib/outlet-access.ts';
import { effectiveOrderState, transition, type CouponCheck, type PaymentEventKind, type PaymentState, type ShareCheck } from './machine.ts';
import { applyRefundNotice, processRefunds, recordAutoRefund, refundsOfOrders, scheduleRefundRetry } from './refunds.ts';
import { counterStatusOf } from './counter-views.ts';
import {
  BILL_LEDGER_ENTRY_TYPES,
  BOOKED_REFUND_KINDS,
  FAILURE_REASONS,
  PAYMENT_MESSAGES,
  RECEIPT_CHECK_MESSAGES,
  VERIFICATION_CODE_LOOKBACK_MS,
  type CheckoutResult,
  type ReceiptLookup,
  type DemoCheckout,
  type Receipt,
  type ReceiptCheck,
  type ReceiptCoupon,
} from './schema.ts';

/**
 * Payment capture, exactly once (docs/payments.md). Every path (the sandbox's Pay / Fail, a provider's
 * checkout callback, a webhook) ends in `applyPaymentEvent`, which runs in ONE transaction:
 *   record the event (unique per provider + event id: a duplicate does nothing) → lock the order →
 *   check the amount → read this payment's record and (for a capture) lock the coupon → ask the state
 *   machine (machine.ts) → carry out its effects: save the payment, honour it (coupon redeemed, order
 *   paid, redemption, ledger entries, outlet_daily_stats) or record a refund of money we cannot honour.
 * Anything refused (bad signature, wrong or missing amount, unknown order) throws before a row is written.
 * Refunds are sent to the provider after the commit (refunds.ts).
 */

export interface PaymentEvent {
  kind: PaymentEventKind;
  providerOrderId: string;
  paymentId: string;
  /** The amount the provider reports; null only from the checkout callback, which carries none. */
  amountPaise: number | null;
  method?: string | null;
  errorReason?: string | null;
  /** Webhook events: recorded in payment_events and deduplicated by (provider, eventId). */
  event?: { eventId: string; eventType: string; payload: unknown };
}

export interface ApplyResult {
  orderId: string;
  status: OrderStatus;
  /** true when this call changed nothing (a duplicate or a stale event). */
  duplicate: boolean;
  /** Refunds this event recorded (already sent to the provider when the call returns). */
  refundIds: number[];
}


/** The `honour` effect: the coupon (locked and checked usable by the caller) is redeemed and the money booked. */
async function honour(trx: Knex.Transaction, order: OrderRow, at: Date): Promise<void> {
  if (order.couponId !== null) {
    if (!(await redeemCoupon(trx, order.couponId, at))) throw new Error(`coupon ${order.couponId} was checked usable under lock but could not be redeemed`);
  }
  await markOrderPaid(trx, order, at);
  await trx('redemptions').insert({
    couponId: order.couponId,
    orderId: order.id,
    consumerId: order.consumerId,
    outletId: order.outletId,
    redeemedAt: at,
  });
  const m = orderMoney(order, feeConfigOf(runtime().env).gstBps);
  const amounts: Record<(typeof BILL_LEDGER_ENTRY_TYPES)[number], number> = {
    bill: m.billPaise,
    instant_discount: m.instantDiscountPaise,
    shuffle_discount: m.shuffleDiscountPaise,
    convenience_fee: m.convenienceFeePaise,
    gst: m.convenienceFeeGstPaise,
    platform_fee: m.platformFeePaise,
    platform_fee_gst: m.platformFeeGstPaise,
    net_to_outlet: m.payoutPaise,
  };
  await trx('ledgerEntries').insert(
    BILL_LEDGER_ENTRY_TYPES.map((entryType) => ({ outletId: order.outletId, orderId: order.id, entryType, amountPaise: amounts[entryType], occurredAt: at })),
  );
  // Announced once, in this transaction: the day's figures, the counter's screens, Route, the receipt SMS.
  await runtime().events.announce(trx, 'payment.captured', {
    orderId: order.id,
    outletId: order.outletId,
    consumerId: order.consumerId,
    couponId: order.couponId,
    groupBillId: order.groupBillId,
    at,
  });
}

/**
 * The group bill's shares an order pays, when its capture arrives (docs/payments.md "Group pay"): the
 * group's row is locked (after the order's and the coupon's), so two phones paying one share are decided
 * one after the other, and the second finds it paid. The shares are group-bills' rows, read here; its
 * `payment.captured` subscriber marks them paid in this same transaction.
 */
async function checkShares(trx: Knex.Transaction, order: OrderRow, at: Date): Promise<ShareCheck> {
  if (order.groupBillId === null) return 'none';
  const group = await trx('groupBills').where({ id: order.groupBillId }).forUpdate().first('status', 'expiresAt');
  if (!group || group.status !== 'open' || group.expiresAt.getTime() <= at.getTime()) return 'closed';
  const ids = order.groupShareIds ?? [];
  const shares = await trx('groupBillShares').where({ groupBillId: order.groupBillId }).whereIn('id', ids).select('paidOrderId');
  if (!ids.length || shares.length !== ids.length) return 'closed';
  return shares.some((s) => s.paidOrderId !== null && s.paidOrderId !== order.id) ? 'paid' : 'open';
}

/** The order's coupon when a capture arrives, its row locked so no other capture can take it meanwhile. */
async function checkCoupon(trx: Knex.Transaction, couponId: number | null, at: Date): Promise<CouponCheck> {
  if (couponId === null) return 'none';
  const c = await trx('coupons').where({ id: couponId }).forUpdate().first('redeemedAt', 'isLive', 'validUntil');
  if (!c || c.redeemedAt) return 'used';
  if (!c.isLive || c.validUntil.getTime() <= at.getTime()) return 'expired';
  return 'usable';
}

const recordedState = (status: PaymentStatus | undefined): PaymentState =>
  status === 'captured' || status === 'refunded' ? 'captured' : status === 'authorized' ? 'authorized' : status === 'failed' ? 'failed' : 'none';

/** Records a webhook event once: false when (provider, event id) was seen before (a duplicate). */
async function recordEvent(trx: Knex.Transaction, provider: PaymentProviderName, event: NonNullable<PaymentEvent['event']>, at: Date): Promise<boolean> {
  const recorded = await trx('paymentEvents')
    .insert({ provider, eventId: event.eventId, eventType: event.eventType, payload: JSON.stringify(event.payload ?? null), receivedAt: at })
    .onConflict(['provider', 'eventId'])
    .ignore()
    .returning('id');
  return recorded.length > 0;
}

/** Applies one provider payment event to its order, exactly once (see the header comment). */
export async function applyPaymentEvent(e: PaymentEvent): Promise<ApplyResult> {
  const { db, now, payments, logger } = runtime();
  const provider = payments.name;
  const result = await db.transaction(async (trx): Promise<ApplyResult> => {
    const at = now();
    if (e.event && !(await recordEvent(trx, provider, e.event, at))) {
      const o = await trx('orders').where({ provider, providerOrderId: e.providerOrderId }).first('publicId', 'status');
      return { orderId: o?.publicId ?? '', status: o?.status ?? 'created', duplicate: true, refundIds: [] };
    }
    const order = await trx('orders').where({ provider, providerOrderId: e.providerOrderId }).forUpdate().first();
    if (!order) throw badRequest(PAYMENT_MESSAGES.unknownOrder);
    if (e.amountPaise !== null && e.amountPaise !== order.amountPaise) {
      throw badRequest(PAYMENT_MESSAGES.amountMismatch, { amount: PAYMENT_MESSAGES.amountMismatch });
    }
    const record = await trx('payments').where({ provider, providerPaymentId: e.paymentId }).first('id', 'orderId', 'status', 'amountPaise');
    if (record && record.orderId !== order.id) throw badRequest(PAYMENT_MESSAGES.otherOrderPayment);
    const state = effectiveOrderState(order.status, order.failureCode, order.expiresAt, at);
    const payment = recordedState(record?.status);
    const capturing = e.kind === 'captured' && payment !== 'captured' && (state.order === 'created' || state.order === 'failed');
    const coupon = capturing ? await checkCoupon(trx, order.couponId, at) : 'none';
    const share = capturing ? await checkShares(trx, order, at) : 'none';
    const next = transition({ ...state, payment, event: e.kind, coupon, share });

    let paymentRowId = record ? record.id : null;
    const refundIds: number[] = [];
    let honoured = false;
    for (const effect of next.effects) {
      if (effect.type === 'savePayment') {
        const fields = {
          status: effect.status,
          ...(e.method ? { method: e.method } : {}),
          errorReason: effect.status === 'failed' ? (e.errorReason ?? null) : null,
          capturedAt: effect.status === 'captured' ? at : null,
          updatedAt: at,
        };
        if (paymentRowId === null) {
          const inserted = await trx('payments')
            .insert({ orderId: order.id, provider, providerPaymentId: e.paymentId, amountPaise: order.amountPaise, ...fields })
            .returning('id');
          paymentRowId = single(inserted).id;
        } else {
          await trx('payments').where({ id: paymentRowId }).update(fields);
        }
      } else if (effect.type === 'honour') {
        await honour(trx, order, at);
        honoured = true;
      } else {
        refundIds.push(
          await recordAutoRefund(trx, { orderId: order.id, paymentId: paymentRowId!, provider, amountPaise: order.amountPaise, reason: effect.reason }),
        );
      }
    }
    if (!honoured && (next.order !== order.status || next.failureCode !== order.failureCode)) {
      await setOrderOutcome(trx, order.id, { status: next.order, failureCode: next.failureCode }, at);
      if (next.order === 'expired' && order.status !== 'expired') {
        await runtime().events.announce(trx, 'order.expired', { orderId: order.id, outletId: order.outletId, couponId: order.couponId, at });
      }
    }
    if (e.event) await trx('paymentEvents').where({ provider, eventId: e.event.eventId }).update({ processedAt: at });
    if (next.effects.length) {
      const log = refundIds.length ? logger.warn.bind(logger) : logger.info.bind(logger);
      log({ orderId: order.publicId, outletId: order.outletId, provider, event: e.kind, status: next.order, refunds: refundIds.length }, 'payment applied');
    }
    return { orderId: order.publicId, status: next.order, duplicate: next.effects.length === 0, refundIds };
  });
  runtime().metrics.payments.inc({ outcome: result.duplicate ? 'duplicate' : result.status });
  // The provider is called for refunds only after the commit (refunds.ts); a failed call is retried later.
  if (result.refundIds.length) await processRefunds(result.refundIds);
  scheduleRefundRetry();
  return result;
}

const redirectOf = (orderId: string, status: OrderStatus): CheckoutResult => {
  const outcome = status === 'paid' ? 'paid' : status === 'created' ? 'pending' : status === 'expired' ? 'expired' : 'failed';
  return {
    orderId,
    outcome,
    redirectTo: `${outcome === 'paid' || outcome === 'pending' ? '/payment-success' : '/payment-failure'}?orderId=${orderId}`,
  };
};

/**
 * A webhook, from its raw bytes: signature first (400, nothing written), then the event. A payment or
 * refund event must carry its amount (400 otherwise, nothing written); events we do not use are ignored.
 */
export async function handleWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<
  | ApplyResult
  | { ignored: true }
  | { refundId: number | null; status: string | null; duplicate: boolean }
  | { route: unknown; duplicate: boolean }
> {
  const { payments, db, now, logger } = runtime();
  if (!payments.verifyWebhookSignature(rawBody, signature)) throw badRequest(PAYMENT_MESSAGES.badSignature);
  const notice: PaymentNotice = payments.parseWebhook(rawBody, eventIdHeader);
  if (notice.kind === 'other') return { ignored: true };
  if (notice.amountPaise === null) throw badRequest(PAYMENT_MESSAGES.missingAmount, { amount: PAYMENT_MESSAGES.missingAmount });
  const event = { eventId: notice.eventId, eventType: notice.eventType, payload: JSON.parse(rawBody.toString('utf8')) as unknown };
  if (notice.route) {
    // Route: a transfer's progress, a settlement to a linked account, a linked account's state: announced
    // to its subscriber (settlements), which answers in `reply`.
    const reply: DomainEventMap['route.notice']['reply'] = {};
    const out = await db.transaction(async (trx) => {
      const at = now();
      if (!(await recordEvent(trx, payments.name, event, at))) return { route: null, duplicate: true };
      await runtime().events.announce(trx, 'route.notice', { notice, at, reply });
      await trx('paymentEvents').where({ provider: payments.name, eventId: event.eventId }).update({ processedAt: at });
      return { route: reply.outcome ?? null, duplicate: false };
    });
    // E.g. a new settlement: the transfers it paid are found now (the job `settlements.reconcile` retries a failure).
    if (!out.duplicate && reply.afterCommit) {
      await reply.afterCommit().catch((error: unknown) => logger.warn({ err: error, eventId: event.eventId }, 'work after a Route webhook failed; its job retries'));
    }
    return out;
  }
  if (notice.kind === 'refund_processed' || notice.kind === 'refund_failed') {
    if (!notice.refundId) return { ignored: true };
    const out = await db.transaction(async (trx) => {
      const at = now();
      if (!(await recordEvent(trx, payments.name, event, at))) return { refundId: null, status: null, duplicate: true };
      const settled = await applyRefundNotice(trx, notice, at);
      await trx('paymentEvents').where({ provider: payments.name, eventId: event.eventId }).update({ processedAt: at });
      return { ...settled, duplicate: false };
    });
    scheduleRefundRetry();
    return out;
  }
  const kind = notice.kind;
  if (!notice.providerOrderId || !notice.paymentId || (kind !== 'authorized' && kind !== 'captured' && kind !== 'failed')) return { ignored: true };
  return applyPaymentEvent({
    kind,
    providerOrderId: notice.providerOrderId,
    paymentId: notice.paymentId,
    amountPaise: notice.amountPaise,
    method: notice.method,
    errorReason: notice.errorReason,
    event,
  });
}

/**
 * The checkout callback (the browser's handler after a successful payment): the signature over
 * `order_id|payment_id` proves the provider authorised this payment for this order, whose amount the
 * provider fixed when the order was created, so the capture uses the order's amount. The only path
 * without an amount; webhooks must carry one.
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
  const { db, now } = runtime();
  const order = await getOwnOrder(consumerId, orderId);
  const outlet = await db('outlets').where({ id: order.outletId }).first('name');
  return {
    orderId: order.publicId,
    outletId: order.outletId,
    outletName: outlet?.name ?? '',
    amountPaise: order.amountPaise,
    status: visibleStatus(order, now()),
    expiresAt: order.expiresAt,
  };
}

/**
 * `payments.demoComplete`: the sandbox's Pay / Fail. Pay produces the signed checkout callback and the
 * signed `payment.captured` webhook, Fail a signed `payment.failed` webhook; both go through the same
 * verification and capture code as a real provider's (so the webhook after the callback is a no-op).
 * A paid, expired or cancelled order is not charged: the answer says where its state is shown.
 */
export async function completeDemoCheckout(consumerId: number, orderId: string, outcome: 'pay' | 'fail'): Promise<CheckoutResult> {
  const { payments, now } = runtime();
  if (!isSandbox(payments)) throw new AppError('BAD_REQUEST', PAYMENT_MESSAGES.notSandbox);
  const order = await getOwnOrder(consumerId, orderId);
  const state = effectiveOrderState(order.status, order.failureCode, order.expiresAt, now()).order;
  if (state === 'paid' || state === 'expired' || state === 'cancelled' || !order.providerOrderId) {
    return redirectOf(order.publicId, state === 'created' ? 'failed' : state);
  }
  const completion = payments.complete({ providerOrderId: order.providerOrderId, amountPaise: order.amountPaise, outcome });
  let result: CheckoutResult | null = null;
  if (completion.callback) result = await handleCheckoutCallback(consumerId, completion.callback);
  const hook = await handleWebhook(completion.webhook.body, completion.webhook.signature, completion.webhook.eventId);
  if (!result) {
    const status = 'status' in hook && 'orderId' in hook ? hook.status : order.status;
    result = redirectOf(order.publicId, status);
  }
  return result;
}

/** The order's coupon as the shopper should understand it now. */
async function couponOfOrder(order: OrderRow, at: Date): Promise<ReceiptCoupon | null> {
  if (order.couponId === null) return null;
  const c = await runtime().db('coupons').where({ id: order.couponId }).first('code', 'discountPercent', 'isLive', 'validUntil', 'redeemedAt');
  if (!c) return null;
  const state: ReceiptCoupon['state'] = c.redeemedAt
    ? 'used'
    : !c.isLive || c.validUntil.getTime() <= at.getTime()
      ? 'expired'
      : 'available';
  return { code: c.code, discountPercent: c.discountPercent, state };
}

/** `payments.byOrder`: the receipt (and the state of a pending, failed or expired order, with any refund). */
export async function getReceipt(consumerId: number, orderId: string): Promise<Receipt> {
  const { db, now } = runtime();
  const at = now();
  const order = await getOwnOrder(consumerId, orderId);
  const status = visibleStatus(order, at);
  const failureCode = status === 'expired' ? (order.failureCode ?? 'order_expired') : status === 'failed' ? order.failureCode : null;
  const [outlet, declined, coupon, refunds] = await Promise.all([
    db('outlets').where({ id: order.outletId }).first('name'),
    // A decline's reason is the provider's (orders failed before failure codes existed have none: theirs too).
    failureCode === 'declined' || (failureCode === null && status === 'failed')
      ? db('payments').where({ orderId: order.id, status: 'failed' }).orderBy('id', 'desc').first('errorReason')
      : Promise.resolve(null),
    couponOfOrder(order, at),
    refundsOfOrders([order.id]),
  ]);
  const paid = status === 'paid';
  const failureReason =
    failureCode === null
      ? status === 'failed' || status === 'cancelled'
        ? (declined?.errorReason ?? FAILURE_REASONS.declined)
        : null
      : failureCode === 'declined'
        ? (declined?.errorReason ?? FAILURE_REASONS.declined)
        : FAILURE_REASONS[failureCode];
  return {
    orderId: order.publicId,
    status,
    outletId: order.outletId,
    outletName: outlet?.name ?? '',
    billPaise: order.billPaise,
    amountPaise: order.amountPaise,
    savedPaise: discountOf(order),
    instantDiscountPaise: order.instantDiscountPaise,
    shuffleDiscountPaise: order.shuffleDiscountPaise,
    convenienceFeePaise: order.convenienceFeePaise,
    gstPaise: order.gstPaise,
    paidAt: order.paidAt,
    receiptCode: paid ? order.receiptCode : null,
    verificationCode: paid ? order.verificationCode : null,
    failureReason,
    failureCode,
    expiresAt: order.expiresAt,
    coupon,
    refunds: refunds.get(order.id) ?? [],
  };
}

/**
 * `payments.checkReceipt` / `counter.verify`: the outlet's staff type the receipt id or the 6-digit
 * verification code the shopper shows; a paid bill at THIS outlet answers with its amount, time, the
 * shopper's first name and whether it was refunded, to compare with the shopper's screen. A 6-digit code
 * matches bills of the last 48 h (the newest first; codes are not unique forever). Anything else is
 * NOT_FOUND.
 */
export async function checkReceipt(businessOwnerId: number, input: { outletId: number; code: ReceiptLookup }): Promise<ReceiptCheck> {
  await assertOutletAccess(businessOwnerId, input.outletId);
  const { db, now } = runtime();
  const q = db('orders').where({ outletId: input.outletId, status: 'paid' });
  if (input.code.kind === 'receipt') q.where({ receiptCode: input.code.value });
  else q.where({ verificationCode: input.code.value }).where('paidAt', '>=', new Date(now().getTime() - VERIFICATION_CODE_LOOKBACK_MS));
  const order = await q.orderBy([{ column: 'paidAt', order: 'desc' }, { column: 'id', order: 'desc' }]).first();
  if (!order) throw notFound(input.code.kind === 'receipt' ? RECEIPT_CHECK_MESSAGES.notFound : RECEIPT_CHECK_MESSAGES.noMatch);
  const [shopper, refunded] = await Promise.all([
    db('consumers').where({ id: order.consumerId }).first('name'),
    db('refunds').where({ orderId: order.id }).whereIn('kind', BOOKED_REFUND_KINDS).whereNot('status', 'failed').sum({ total: 'amountPaise' }).first(),
  ]);
  const refundedPaise = Number(refunded?.total ?? 0);
  return {
    orderId: order.publicId,
    receiptCode: order.receiptCode ?? '',
    verificationCode: order.verificationCode ?? '',
    outletId: order.outletId,
    billPaise: order.billPaise,
    amountPaise: order.amountPaise,
    savedPaise: discountOf(order),
    paidAt: order.paidAt ?? order.createdAt,
    shopperFirstName: firstNameOf(shopper?.name ?? null),
    status: counterStatusOf(order.amountPaise, refundedPaise),
    refundedPaise,
    tableNumber: order.tableNumber ?? null,
  };
}

/** "Asha Rao" → "Asha"; nothing for a shopper without a name. */
export function firstNameOf(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}
