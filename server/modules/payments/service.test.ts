import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { runtime } from '../../lib/runtime.ts';
import { keyedHash } from '../../lib/crypto.ts';
import { hmacHex, isSandbox, razorpayWebhookBody, type SandboxPaymentProvider } from '../../providers/payments.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { listCoupons } from '../coupons/service.ts';
import { insertCoupon, newShopper, payableOutlet } from '../../test/factories.ts';
import { applyPaymentEvent, completeDemoCheckout, getReceipt, handleCheckoutCallback, handleWebhook } from './service.ts';
import { REFUND_REASONS } from './schema.ts';

useTestDatabase();

let shopper: number;
let outlet: number;
let seq = 0;
const sandbox = (): SandboxPaymentProvider => {
  const p = runtime().payments;
  if (!isSandbox(p)) throw new Error('sandbox expected');
  return p;
};
const newOrder = (extra: Record<string, unknown> = {}) =>
  createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: `key-${String(++seq).padStart(8, '0')}`, ...extra }));

async function counts() {
  const db = testDb();
  const n = async (t: string) => Number((await db(t).count({ n: '*' }).first())?.n ?? 0);
  return {
    payments: await n('payments'),
    events: await n('paymentEvents'),
    redemptions: await n('redemptions'),
    ledger: await n('ledgerEntries'),
    stats: await n('outletDailyStats'),
    paid: Number((await db('orders').where({ status: 'paid' }).count({ n: '*' }).first())?.n ?? 0),
  };
}

beforeEach(async () => {
  createTestApp();
  shopper = await newShopper();
  outlet = await payableOutlet({ basePercent: 10 });
});

describe('capture through the sandbox checkout', () => {
  it('Pay captures once: coupon redeemed, redemption, ledger entries and daily stats in one go; receipt ready', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5 });
    const order = await newOrder();
    const result = await completeDemoCheckout(shopper, order.orderId, 'pay');
    expect(result).toEqual({ orderId: order.orderId, outcome: 'paid', redirectTo: `/payment-success?orderId=${order.orderId}` });
    expect(await counts()).toEqual({ payments: 1, events: 1, redemptions: 1, ledger: 8, stats: 1, paid: 1 });
    const ledger = Object.fromEntries(
      (await testDb()('ledgerEntries').select('entryType', 'amountPaise')).map((r) => [r.entryType, Number(r.amountPaise)]),
    );
    expect(ledger).toEqual({
      bill: 100_000,
      instant_discount: 10_000,
      shuffle_discount: 4_500,
      convenience_fee: 855,
      gst: 154,
      platform_fee: 1_283,
      platform_fee_gst: 231, // 18 % of ₹12.83
      net_to_outlet: 83_986, // the payout: ₹855 − ₹12.83 − ₹2.31
    });
    const stats = await testDb()('outletDailyStats').where({ outletId: outlet }).first();
    expect(stats).toMatchObject({ ordersCount: 1, couponsCount: 1 });
    expect(Number(stats!.billPaise)).toBe(100_000);
    expect(Number(stats!.discountPaise)).toBe(14_500);
    expect(Number(stats!.feePaise)).toBe(1_283);
    expect(Number(stats!.netPaise)).toBe(84_217);
    const list = await listCoupons(shopper);
    expect(list.active).toHaveLength(0);
    expect(list.redeemed[0]).toMatchObject({ id: coupon, redeemed: true });
    const receipt = await getReceipt(shopper, order.orderId);
    expect(receipt).toMatchObject({ status: 'paid', outletName: 'Chai Point', amountPaise: 86_509, savedPaise: 14_500, failureReason: null });
    expect(receipt.receiptCode).toMatch(/^BCH-[A-Z2-9]{8}$/);
    expect(receipt.verificationCode).toMatch(/^\d{6}$/);
    expect(receipt.paidAt).toBeInstanceOf(Date);
    // Pay again: nothing more happens.
    await completeDemoCheckout(shopper, order.orderId, 'pay');
    expect(await counts()).toEqual({ payments: 1, events: 1, redemptions: 1, ledger: 8, stats: 1, paid: 1 });
  });

  it('Fail takes nothing: order failed, coupon still active; a later Pay succeeds', async () => {
    await insertCoupon(shopper, outlet, { percent: 5 });
    const order = await newOrder();
    const failed = await completeDemoCheckout(shopper, order.orderId, 'fail');
    expect(failed).toMatchObject({ outcome: 'failed', redirectTo: `/payment-failure?orderId=${order.orderId}` });
    expect(await counts()).toMatchObject({ redemptions: 0, ledger: 0, stats: 0, paid: 0 });
    expect((await listCoupons(shopper)).active).toHaveLength(1);
    expect(await getReceipt(shopper, order.orderId)).toMatchObject({
      status: 'failed',
      receiptCode: null,
      failureCode: 'declined',
      // The sandbox's decline reads as a bank's would, for the shopper (not developer text).
      failureReason: 'Your bank declined the payment.',
      coupon: { state: 'available', discountPercent: 5 },
      refunds: [],
    });
    expect((await completeDemoCheckout(shopper, order.orderId, 'pay')).outcome).toBe('paid');
  });

  it("another shopper's order is not found", async () => {
    const order = await newOrder();
    const other = await newShopper('Ravi');
    await expect(completeDemoCheckout(other, order.orderId, 'pay')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getReceipt(other, order.orderId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('exactly once', () => {
  it('the same webhook 20 times, 10 at once → one capture, one set of ledger entries', async () => {
    const order = await newOrder();
    const { webhook } = sandbox().complete({ providerOrderId: order.providerOrderId, amountPaise: order.amountPaise, outcome: 'pay' });
    const send = () => handleWebhook(webhook.body, webhook.signature, webhook.eventId);
    const firstTen = await Promise.all(Array.from({ length: 10 }, send));
    for (let i = 0; i < 10; i++) await send();
    expect(firstTen.filter((r) => 'duplicate' in r && !r.duplicate)).toHaveLength(1);
    expect(await counts()).toEqual({ payments: 1, events: 1, redemptions: 1, ledger: 8, stats: 1, paid: 1 });
    expect((await testDb()('outletDailyStats').first())!.ordersCount).toBe(1);
  });

  it('200 concurrent redemptions of one coupon → exactly one; the other 199 captures are refunded', async () => {
    // As the server does at start: the job queues exist before the burst (each refund queues the
    // shopper's message in its own transaction; 199 of them making the queue at once would deadlock).
    await runtime().jobs.start({ work: false });
    const coupon = await insertCoupon(shopper, outlet, { percent: 5 });
    const orders = [];
    // An open order holds its coupon, so 200 orders on one coupon exist only as earlier declined
    // attempts (failed orders hold nothing) that a late authorisation now captures, all at once.
    for (let i = 0; i < 200; i++) {
      const o = await newOrder({ couponId: coupon });
      await testDb()('orders').where({ publicId: o.orderId }).update({ status: 'failed', failureCode: 'declined' });
      orders.push(o);
    }
    const results = await Promise.all(
      orders.map((o) => {
        const { callback } = sandbox().complete({ providerOrderId: o.providerOrderId, amountPaise: o.amountPaise, outcome: 'pay' });
        return handleCheckoutCallback(shopper, callback!);
      }),
    );
    expect(results.filter((r) => r.outcome === 'paid')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'failed')).toHaveLength(199);
    expect(await testDb()('redemptions').where({ couponId: coupon }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(await counts()).toMatchObject({ redemptions: 1, ledger: 8, paid: 1 });
    const refunds = await testDb()('refunds').select('status', 'reason', 'amountPaise', 'providerRefundId');
    expect(refunds).toHaveLength(199);
    expect(new Set(refunds.map((r) => `${r.status}|${r.reason}|${r.amountPaise}`))).toEqual(
      new Set([`processed|${REFUND_REASONS.coupon_used}|${orders[0]!.amountPaise}`]),
    );
    expect(new Set(refunds.map((r) => r.providerRefundId)).size).toBe(199);
    // 400 order writes and 200 captures with their refunds: on the embedded database (one connection,
    // every statement in turn) a busy 2-core machine needs well over the usual 30 s.
  }, 120_000);

  it('out of order: a failure after the capture changes nothing; a capture after a failure captures', async () => {
    const order = await newOrder();
    const pay = sandbox().complete({ providerOrderId: order.providerOrderId, amountPaise: order.amountPaise, outcome: 'pay' });
    const fail = sandbox().complete({ providerOrderId: order.providerOrderId, amountPaise: order.amountPaise, outcome: 'fail' });
    await handleWebhook(pay.webhook.body, pay.webhook.signature, pay.webhook.eventId);
    const before = await counts();
    const late = await handleWebhook(fail.webhook.body, fail.webhook.signature, fail.webhook.eventId);
    // The declined attempt is recorded as a failed payment; the order and its money are untouched.
    expect(late).toMatchObject({ status: 'paid', refundIds: [] });
    expect(await counts()).toEqual({ ...before, payments: before.payments + 1, events: before.events + 1 });
    const second = await newOrder();
    const f2 = sandbox().complete({ providerOrderId: second.providerOrderId, amountPaise: second.amountPaise, outcome: 'fail' });
    const p2 = sandbox().complete({ providerOrderId: second.providerOrderId, amountPaise: second.amountPaise, outcome: 'pay' });
    await handleWebhook(f2.webhook.body, f2.webhook.signature, f2.webhook.eventId);
    expect(await handleWebhook(p2.webhook.body, p2.webhook.signature, p2.webhook.eventId)).toMatchObject({ status: 'paid', duplicate: false });
  });
});

describe('domain events', () => {
  it('a capture is announced once; a payment that arrives after the checkout expired announces order.expired once, and is refunded', async () => {
    let clock = new Date();
    createTestApp({ now: () => clock });
    const announce = vi.spyOn(runtime().events, 'announce');
    const named = (name: string) => announce.mock.calls.filter(([, n]) => n === name).map(([, , e]) => e);
    const paid = await newOrder();
    const pay = sandbox().complete({ providerOrderId: paid.providerOrderId, amountPaise: paid.amountPaise, outcome: 'pay' });
    await handleWebhook(pay.webhook.body, pay.webhook.signature, pay.webhook.eventId);
    await handleWebhook(pay.webhook.body, pay.webhook.signature, pay.webhook.eventId);
    expect(named('payment.captured')).toHaveLength(1);

    const late = await newOrder();
    const id = (await testDb()('orders').where({ publicId: late.orderId }).first('id'))!.id;
    clock = new Date(late.expiresAt.getTime() + 1_000);
    const capture = sandbox().complete({ providerOrderId: late.providerOrderId, amountPaise: late.amountPaise, outcome: 'pay' });
    expect(await handleWebhook(capture.webhook.body, capture.webhook.signature, capture.webhook.eventId)).toMatchObject({ status: 'expired' });
    const again = sandbox().complete({ providerOrderId: late.providerOrderId, amountPaise: late.amountPaise, outcome: 'fail' });
    await handleWebhook(again.webhook.body, again.webhook.signature, again.webhook.eventId);
    expect(named('order.expired')).toEqual([{ orderId: id, outletId: outlet, couponId: null, at: clock }]);
    expect(named('payment.captured')).toHaveLength(1);
    expect(await testDb()('refunds').where({ orderId: id }).select('reason')).toEqual([{ reason: REFUND_REASONS.order_expired }]);
  });
});

describe('refused before anything is written', () => {
  it('a tampered signature, a tampered amount, or a signed wrong amount → 400 and no rows', async () => {
    const order = await newOrder();
    const { webhook, callback } = sandbox().complete({ providerOrderId: order.providerOrderId, amountPaise: order.amountPaise, outcome: 'pay' });
    const flipped = webhook.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    await expect(handleWebhook(webhook.body, flipped, webhook.eventId)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid payment signature' });
    const cheaper = Buffer.from(webhook.body.toString('utf8').replace(`"amount":${order.amountPaise}`, '"amount":100'));
    await expect(handleWebhook(cheaper, webhook.signature, webhook.eventId)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(handleWebhook(webhook.body, undefined, webhook.eventId)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Signed correctly (someone with the secret) but the amount is not the order's.
    const secret = keyedHash(TEST_SECRET, 'payments', 'sandbox-webhook-secret');
    const wrong = razorpayWebhookBody({ event: 'payment.captured', paymentId: 'pay_x1', providerOrderId: order.providerOrderId, amountPaise: 100 });
    await expect(handleWebhook(wrong, hmacHex(secret, wrong), 'evt_wrong')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The paid amount does not match the order',
    });
    await expect(
      handleCheckoutCallback(shopper, { ...callback!, razorpay_signature: callback!.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(applyPaymentEvent({ kind: 'captured', providerOrderId: 'order_unknown', paymentId: 'pay_1', amountPaise: 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await counts()).toEqual({ payments: 0, events: 0, redemptions: 0, ledger: 0, stats: 0, paid: 0 });
  });
});
