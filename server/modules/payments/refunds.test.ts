import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import type { RefundStatus } from '../../db/tables.ts';
import { keyedHash } from '../../lib/crypto.ts';
import {
  checkoutSignature,
  createSandboxPayments,
  hmacHex,
  ProviderError,
  razorpayRefundWebhookBody,
  razorpayWebhookBody,
  REFUND_NOTE_KEY,
  type RefundRequest,
  type RefundResponse,
  type SandboxPaymentProvider,
} from '../../providers/payments.ts';
import { createOrderInputSchema, ORDER_TTL_MS } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { insertCoupon, newShopper, payableOutlet } from '../../test/factories.ts';
import { completeDemoCheckout, getDemoCheckout, getReceipt, handleCheckoutCallback, handleWebhook } from './service.ts';
import { MAX_REFUND_ATTEMPTS, refundRetryIdle, retryPendingRefunds } from './refunds.ts';
import { FAILURE_REASONS, REFUND_REASONS } from './schema.ts';
import { retryRefundsJob } from './jobs.ts';
import { runtime } from '../../lib/runtime.ts';
import { refundJob } from '../notifications/jobs.ts';

/**
 * Money the provider captured but we cannot honour is refunded at once, through the provider, outside
 * the capture transaction; a failed call is retried with the same idempotency key.
 */

useTestDatabase();

const WEBHOOK_SECRET = keyedHash(TEST_SECRET, 'payments', 'sandbox-webhook-secret');
const KEY_SECRET = keyedHash(TEST_SECRET, 'payments', 'sandbox-key-secret');

/** The sandbox, with a refund API the test can break or slow down. */
function controllableSandbox() {
  const base = createSandboxPayments(TEST_SECRET);
  const calls: RefundRequest[] = [];
  const control = { fail: null as null | ProviderError, answer: null as null | RefundResponse['status'] };
  const provider: SandboxPaymentProvider = {
    ...base,
    async refund(input) {
      calls.push(input);
      if (control.fail) throw control.fail;
      const answer = await base.refund(input);
      return control.answer ? { ...answer, status: control.answer } : answer;
    },
  };
  return { provider, calls, control };
}

let clock: Date;
let shopper: number;
let outlet: number;
let sandbox: ReturnType<typeof controllableSandbox>;
let seq = 0;

beforeEach(async () => {
  clock = new Date();
  sandbox = controllableSandbox();
  createTestApp({ payments: sandbox.provider, now: () => clock });
  shopper = await newShopper();
  outlet = await payableOutlet({ basePercent: 10 });
});

const newOrder = (extra: Record<string, unknown> = {}) =>
  createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: `rfd-${String(++seq).padStart(8, '0')}`, ...extra }));

/** A signed payment.captured webhook for the order, as the provider would send it. */
function captureWebhook(order: { providerOrderId: string; amountPaise: number }, paymentId = `pay_rf${++seq}`) {
  const body = razorpayWebhookBody({ event: 'payment.captured', paymentId, providerOrderId: order.providerOrderId, amountPaise: order.amountPaise });
  return handleWebhook(body, hmacHex(WEBHOOK_SECRET, body), `evt_rf${++seq}`);
}

const refundRows = () => testDb()('refunds').orderBy('id').select();

describe('captured money we cannot honour is refunded through the provider', () => {
  it('the coupon went to another order first: refunded at once, order failed, the shopper told why', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5 });
    const first = await newOrder({ couponId: coupon });
    await testDb()('orders').where({ publicId: first.orderId }).update({ status: 'failed', failureCode: 'declined' });
    const second = await newOrder({ couponId: coupon });
    expect((await completeDemoCheckout(shopper, second.orderId, 'pay')).outcome).toBe('paid');
    // A late capture of the first order's payment: the coupon is gone.
    const late = await captureWebhook(first);
    expect(late).toMatchObject({ status: 'failed', refundIds: [expect.any(Number)] });
    const refund = (await refundRows())[0]!;
    expect(refund).toMatchObject({
      status: 'processed',
      kind: 'auto_unhonoured',
      reason: REFUND_REASONS.coupon_used,
      provider: 'sandbox',
      initiatedBy: null,
      attempts: 1,
    });
    expect(Number(refund.amountPaise)).toBe(first.amountPaise);
    expect(refund.providerRefundId).toMatch(/^rfnd_sbx[A-Za-z0-9]+$/);
    expect(refund.processedAt).toBeInstanceOf(Date);
    expect(sandbox.calls).toEqual([
      { paymentId: expect.stringMatching(/^pay_rf/), amountPaise: first.amountPaise, notes: expect.objectContaining({ [REFUND_NOTE_KEY]: String(refund.id) }), idempotencyKey: refund.idempotencyKey },
    ]);
    const payment = (await testDb()('payments').where({ id: refund.paymentId }).first())!;
    expect(payment.status).toBe('captured');
    const receipt = await getReceipt(shopper, first.orderId);
    expect(receipt).toMatchObject({
      status: 'failed',
      failureCode: 'coupon_used',
      failureReason: FAILURE_REASONS.coupon_used,
      coupon: { state: 'used', discountPercent: 5 },
      refunds: [{ amountPaise: first.amountPaise, status: 'processed', reason: REFUND_REASONS.coupon_used }],
    });
    // The shopper is told, as for an owner's refund (SMS_ALERTS: SMS and the inbox), once.
    const told = async () => {
      await runtime().jobs.drain(refundJob);
      return testDb()('notifications').where({ consumerId: shopper, kind: 'refund' }).select('subject');
    };
    expect(await told()).toEqual([{ subject: `refund:${refund.id}` }]);
    // Redelivered, the capture changes nothing: no second refund, no second message.
    await captureWebhook(first, String(payment.providerPaymentId));
    expect(await refundRows()).toHaveLength(1);
    expect(await told()).toHaveLength(1);
  });

  it('the order expired: the checkout says so, a late capture is refunded, the order is expired', async () => {
    const order = await newOrder();
    clock = new Date(clock.getTime() + ORDER_TTL_MS);
    expect(await getDemoCheckout(shopper, order.orderId)).toMatchObject({ status: 'expired' });
    expect(await completeDemoCheckout(shopper, order.orderId, 'pay')).toEqual({
      orderId: order.orderId,
      outcome: 'expired',
      redirectTo: `/payment-failure?orderId=${order.orderId}`,
    });
    expect(await testDb()('payments').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(await getReceipt(shopper, order.orderId)).toMatchObject({ status: 'expired', failureCode: 'order_expired', refunds: [] });
    // The provider's callback for a payment made too late: captured, then refunded.
    const paymentId = 'pay_late0001';
    const result = await handleCheckoutCallback(shopper, {
      razorpay_order_id: order.providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(KEY_SECRET, order.providerOrderId, paymentId),
    });
    expect(result).toEqual({ orderId: order.orderId, outcome: 'expired', redirectTo: `/payment-failure?orderId=${order.orderId}` });
    expect(await testDb()('orders').where({ publicId: order.orderId }).first('status', 'failureCode')).toEqual({ status: 'expired', failureCode: 'order_expired' });
    expect(await refundRows()).toMatchObject([{ status: 'processed', reason: REFUND_REASONS.order_expired }]);
    expect(await testDb()('ledgerEntries').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect((await getReceipt(shopper, order.orderId)).refunds).toMatchObject([{ status: 'processed', amountPaise: order.amountPaise }]);
  });

  it('the coupon passed its validity before the capture: refunded, order failed with the reason', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5, validUntil: new Date(clock.getTime() + 5 * 60_000) });
    const order = await newOrder({ couponId: coupon });
    clock = new Date(clock.getTime() + 6 * 60_000);
    expect(await captureWebhook(order)).toMatchObject({ status: 'failed' });
    expect(await refundRows()).toMatchObject([{ status: 'processed', reason: REFUND_REASONS.coupon_expired }]);
    expect(await getReceipt(shopper, order.orderId)).toMatchObject({
      status: 'failed',
      failureCode: 'coupon_expired',
      failureReason: REFUND_REASONS.coupon_expired,
      coupon: { state: 'expired' },
    });
    expect(await testDb()('coupons').where({ id: coupon }).first('redeemedAt')).toEqual({ redeemedAt: null });
  });

  it('a second payment for a paid order is refunded; the order stays paid once', async () => {
    const order = await newOrder();
    await completeDemoCheckout(shopper, order.orderId, 'pay');
    expect(await captureWebhook(order)).toMatchObject({ status: 'paid', refundIds: [expect.any(Number)] });
    expect(await refundRows()).toMatchObject([{ status: 'processed', reason: REFUND_REASONS.already_paid }]);
    expect(await testDb()('ledgerEntries').count({ n: '*' }).first()).toMatchObject({ n: 8 });
    expect(await getReceipt(shopper, order.orderId)).toMatchObject({ status: 'paid', refunds: [{ reason: REFUND_REASONS.already_paid }] });
  });
});

describe('the provider call is outside the transaction and retried', () => {
  it('a failed call leaves the refund pending; the retry sends the same idempotency key and settles it', async () => {
    const order = await newOrder();
    clock = new Date(clock.getTime() + ORDER_TTL_MS + 1);
    sandbox.control.fail = new ProviderError('The payment provider could not be reached for a refund', null);
    expect(await captureWebhook(order)).toMatchObject({ status: 'expired' });
    const pending = (await refundRows())[0]!;
    expect(pending).toMatchObject({ status: 'pending', providerRefundId: null, attempts: 1, lastError: 'The payment provider could not be reached for a refund' });
    // Too fresh for the background retry (it waits a minute); the start-up retry takes every pending one.
    expect(await retryPendingRefunds()).toBe(0);
    sandbox.control.fail = null;
    expect(await retryPendingRefunds({ minAgeMs: 0 })).toBe(1);
    const [done] = await refundRows();
    expect(done).toMatchObject({ status: 'processed', attempts: 2, lastError: null });
    expect(sandbox.calls.map((c) => c.idempotencyKey)).toEqual([pending.idempotencyKey, pending.idempotencyKey]);
    // Nothing left to retry.
    expect(await retryPendingRefunds({ minAgeMs: 0 })).toBe(0);
  });

  it("the worker's retry job (every minute, and once at start for every pending row) settles it", async () => {
    const order = await newOrder();
    clock = new Date(clock.getTime() + ORDER_TTL_MS + 1);
    sandbox.control.fail = new ProviderError('The payment provider could not be reached for a refund', null);
    await captureWebhook(order);
    sandbox.control.fail = null;
    const { jobs } = runtime();
    await jobs.send(retryRefundsJob, retryRefundsJob.atStart!);
    expect(await jobs.drain(retryRefundsJob)).toBe(1);
    expect(await refundRows()).toMatchObject([{ status: 'processed', attempts: 2 }]);
  });

  it('the next event retries a pending refund that has waited a minute', async () => {
    const order = await newOrder();
    clock = new Date(clock.getTime() + ORDER_TTL_MS + 1);
    sandbox.control.fail = new ProviderError('razorpay refund 502: no id', 502);
    await captureWebhook(order);
    await testDb()('refunds').update({ updatedAt: new Date(Date.now() - 120_000) });
    sandbox.control.fail = null;
    await refundRetryIdle();
    const other = await newOrder();
    await completeDemoCheckout(shopper, other.orderId, 'fail');
    await refundRetryIdle();
    expect(await refundRows()).toMatchObject([{ status: 'processed', attempts: 2 }]);
  });

  it(`after ${MAX_REFUND_ATTEMPTS} calls refused by the provider the refund is failed (and shown so)`, async () => {
    const order = await newOrder();
    clock = new Date(clock.getTime() + ORDER_TTL_MS + 1);
    sandbox.control.fail = new ProviderError('razorpay refund 400: The payment has not been captured', 400);
    await captureWebhook(order);
    for (let i = 1; i < MAX_REFUND_ATTEMPTS; i++) await retryPendingRefunds({ minAgeMs: 0 });
    expect(await refundRows()).toMatchObject([{ status: 'failed', attempts: MAX_REFUND_ATTEMPTS }]);
    expect((await getReceipt(shopper, order.orderId)).refunds).toMatchObject([{ status: 'failed' }]);
  });

  it('a refund the provider accepted as pending is settled by its refund.processed webhook (by id, or by our note)', async () => {
    sandbox.control.answer = 'pending';
    const a = await newOrder();
    const b = await newOrder();
    clock = new Date(clock.getTime() + ORDER_TTL_MS + 1);
    await captureWebhook(a);
    await captureWebhook(b);
    const rows = await refundRows();
    const ra = rows[0]!;
    const rb = rows[1]!;
    expect(ra).toMatchObject({ status: 'pending', providerRefundId: expect.stringMatching(/^rfnd_sbx/) });
    const send = async (body: Buffer, eventId: string) => handleWebhook(body, hmacHex(WEBHOOK_SECRET, body), eventId);
    const payA = (await testDb()('payments').where({ id: ra.paymentId }).first('providerPaymentId'))!;
    const processed = razorpayRefundWebhookBody({
      event: 'refund.processed',
      refundId: ra.providerRefundId!,
      paymentId: payA.providerPaymentId,
      providerOrderId: a.providerOrderId,
      amountPaise: a.amountPaise,
    });
    expect(await send(processed, 'evt_rp1')).toEqual({ refundId: Number(ra.id), status: 'processed', duplicate: false });
    expect(await send(processed, 'evt_rp1')).toMatchObject({ duplicate: true });
    // A refund whose provider id we never stored (our call timed out) is found by the note we sent.
    await testDb()('refunds').where({ id: rb.id }).update({ providerRefundId: null });
    const payB = (await testDb()('payments').where({ id: rb.paymentId }).first('providerPaymentId'))!;
    const failed = razorpayRefundWebhookBody({
      event: 'refund.failed',
      refundId: 'rfnd_FROMPROVIDER1',
      paymentId: payB.providerPaymentId,
      providerOrderId: b.providerOrderId,
      amountPaise: b.amountPaise,
      notes: { [REFUND_NOTE_KEY]: String(rb.id) },
    });
    expect(await send(failed, 'evt_rf2')).toMatchObject({ status: 'failed' });
    expect(await refundRows()).toMatchObject([
      { status: 'processed', processedAt: expect.any(Date) },
      { status: 'failed', providerRefundId: 'rfnd_FROMPROVIDER1' },
    ]);
    // A refund webhook without an amount is refused, nothing written.
    const noAmount = razorpayRefundWebhookBody({ event: 'refund.processed', refundId: 'rfnd_x', paymentId: 'pay_x', providerOrderId: a.providerOrderId, amountPaise: null });
    const events = Number((await testDb()('paymentEvents').count({ n: '*' }).first())?.n);
    await expect(send(noAmount, 'evt_rp3')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The webhook carries no amount' });
    expect(Number((await testDb()('paymentEvents').count({ n: '*' }).first())?.n)).toBe(events);
  });
});

describe('the refunds table keeps refunds within what a payment captured', () => {
  it('refuses a refund beyond the captured amount, and a refund of a payment that was not captured', async () => {
    const order = await newOrder();
    clock = new Date(clock.getTime() + ORDER_TTL_MS + 1);
    await captureWebhook(order);
    const auto = (await refundRows())[0]!;
    const db = testDb();
    const extra = (paymentId: number, amountPaise: number, status: RefundStatus = 'pending') =>
      db('refunds').insert({
        orderId: auto.orderId,
        paymentId,
        provider: 'sandbox',
        idempotencyKey: `rfnd-test-${++seq}`,
        amountPaise,
        reason: 'test',
        kind: 'owner',
        status,
        initiatedBy: null,
      });
    // kind 'owner' needs who asked for it.
    await expect(extra(Number(auto.paymentId), 1, 'failed')).rejects.toMatchObject({ constraint: 'refunds_owner_initiated_by_check' });
    const [owner] = await db('businessOwners').insert({ username: 'rf.owner', passwordHash: 'x', name: 'O', phoneNumber: '9876500009', isMaster: true }).returning('id');
    const ownerRefund = (paymentId: number, amountPaise: number, status: RefundStatus = 'pending') =>
      db('refunds').insert({ orderId: auto.orderId, paymentId, provider: 'sandbox', idempotencyKey: `rfnd-test-${++seq}`, amountPaise, reason: 'test', kind: 'owner', status, initiatedBy: owner!.id });
    await expect(ownerRefund(Number(auto.paymentId), 1)).rejects.toThrow(/exceed its captured amount/);
    // A failed refund returned nothing, so the same money may be refunded again.
    await db('refunds').where({ id: auto.id }).update({ status: 'failed' });
    await ownerRefund(Number(auto.paymentId), order.amountPaise - 100);
    await ownerRefund(Number(auto.paymentId), 100);
    await expect(ownerRefund(Number(auto.paymentId), 1)).rejects.toThrow(/exceed its captured amount/);
    await expect(db('refunds').where({ id: auto.id }).update({ status: 'pending' })).rejects.toThrow(/exceed its captured amount/);
    await expect(ownerRefund(Number(auto.paymentId), 0)).rejects.toMatchObject({ constraint: 'refunds_amount_paise_check' });
    const other = await newOrder();
    await completeDemoCheckout(shopper, other.orderId, 'fail');
    const failedPayment = (await db('payments').where({ status: 'failed' }).first('id'))!;
    await expect(ownerRefund(Number(failedPayment.id), 1)).rejects.toThrow(/only a captured payment can be refunded/);
  });
});
