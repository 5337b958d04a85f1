import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { runtime } from '../../lib/runtime.ts';
import { REFUNDS_NOT_ALLOWED } from '../../lib/outlet-access.ts';
import { createSandboxPayments, ProviderError, type RefundRequest, type SandboxPaymentProvider } from '../../providers/payments.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { completeDemoCheckout, getReceipt } from '../payments/service.ts';
import { retryPendingRefunds } from '../payments/refunds.ts';
import { dispatchJob, refundJob } from '../notifications/jobs.ts';
import { OWNER_REFUND_MESSAGES, RECEIPT_CHECK_MESSAGES, checkReceiptInputSchema } from '../payments/schema.ts';
import { listRedeemedHistory } from '../redeemed-history/service.ts';
import { listRevenue } from '../dashboards/service.ts';
import { fakeSms } from '../../test/fake-sms.ts';
import { grant, insertCoupon, insertOwner, newShopper, payableOutlet } from '../../test/factories.ts';
import { createReview, listReviewableReceipts } from '../reviews/service.ts';
import { createReviewSchema, REVIEW_MESSAGES } from '../reviews/schema.ts';
import { counterPageSchema, refundInputSchema } from './schema.ts';
import { listCounterPayments, refundPayment, verifyReceipt } from './service.ts';

/**
 * The counter's service: the outlet's paid bills, the receipt check and owner refunds (24 h window,
 * never more than captured, idempotent), with the money they reverse.
 */

useTestDatabase();

const HOUR = 60 * 60 * 1000;

/** The sandbox, with a refund API the test can break. */
function controllableSandbox() {
  const base = createSandboxPayments(TEST_SECRET);
  const calls: RefundRequest[] = [];
  const control = { fail: null as null | ProviderError };
  const provider: SandboxPaymentProvider = {
    ...base,
    async refund(input) {
      calls.push(input);
      if (control.fail) throw control.fail;
      return base.refund(input);
    },
  };
  return { provider, calls, control };
}

let clock: Date;
let outlet: number;
let owner: number;
let shopper: number;
let sandbox: ReturnType<typeof controllableSandbox>;
let sms: ReturnType<typeof fakeSms>;
let seq = 0;

beforeEach(async () => {
  clock = new Date('2026-11-23T06:30:00Z'); // Monday 12:00 IST
  sandbox = controllableSandbox();
  sms = fakeSms();
  createTestApp({ payments: sandbox.provider, sms, now: () => clock });
  // The queues exist before a transaction sends to them (the server creates them at start).
  await runtime().jobs.start({ work: false });
  outlet = await payableOutlet({ basePercent: 10 });
  owner = await insertOwner('ravi', outlet);
  shopper = await newShopper('Asha Rao');
});

/** A bill paid through the sandbox at `at` (default now): its receipt id, verification code and amount. */
async function payBill(rupees = '1000', at = clock, consumer = shopper) {
  const saved = clock;
  clock = at;
  const order = await createOrder(consumer, createOrderInputSchema.parse({ outletId: outlet, amount: rupees, idempotencyKey: `cnt-${String(++seq).padStart(8, '0')}` }));
  await completeDemoCheckout(consumer, order.orderId, 'pay');
  clock = saved;
  const row = await testDb()('orders').where({ publicId: order.orderId }).first();
  return { orderId: order.orderId, receiptCode: row!.receiptCode!, verificationCode: row!.verificationCode!, amountPaise: row!.amountPaise, id: row!.id };
}

const refund = (input: { receiptId: string; amountPaise?: number | null; reason?: string; idempotencyKey?: string }, by = owner) =>
  refundPayment(by, refundInputSchema.parse({ outletId: outlet, reason: 'Item returned', idempotencyKey: `key-${++seq}-abcdefgh`, ...input }));

/** The refund messages queued by processed refunds, made and sent (notifications' jobs): how many were made. */
async function deliverRefundMessages(): Promise<number> {
  const made = await runtime().jobs.drain(refundJob);
  await runtime().jobs.drain(dispatchJob);
  return made;
}

/** The order's ledger, summed by entry type. */
async function ledgerOf(orderId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const e of await testDb()('ledgerEntries').where({ orderId }).select('entryType', 'amountPaise')) out[e.entryType] = (out[e.entryType] ?? 0) + e.amountPaise;
  return out;
}

describe('the list', () => {
  it('paid bills at the outlet, newest first, 20 a page, with the feed position and what the caller may do', async () => {
    const bills = [];
    for (let i = 0; i < 22; i++) bills.push(await payBill(String(100 + i), new Date(clock.getTime() - (22 - i) * 60_000)));
    const page1 = await listCounterPayments(owner, counterPageSchema.parse({ outletId: outlet }));
    expect(page1).toMatchObject({ offSet: 1, limit: 20, total: 22, totalPages: 2, canRefund: true, lastEventId: 22 });
    expect(page1.data).toHaveLength(20);
    expect(page1.data[0]).toMatchObject({
      orderId: bills[21]!.orderId,
      receiptCode: bills[21]!.receiptCode,
      verificationCode: bills[21]!.verificationCode,
      billPaise: 12_100,
      discountPaise: 1_210,
      amountPaise: bills[21]!.amountPaise,
      status: 'paid',
      refundedPaise: 0,
      refundablePaise: bills[21]!.amountPaise,
      refunds: [],
    });
    expect(page1.data[0]!.refundableUntil.getTime() - page1.data[0]!.paidAt.getTime()).toBe(24 * HOUR);
    const page2 = await listCounterPayments(owner, counterPageSchema.parse({ outletId: outlet, offSet: 2 }));
    expect(page2.data.map((p) => p.orderId)).toEqual([bills[1]!.orderId, bills[0]!.orderId]);
  });

  it('a sub-account sees the outlets granted to it; it may refund only when its master allows', async () => {
    const sub = await insertOwner({ username: 'staff', isMaster: false, masterId: owner });
    await grant(sub, outlet);
    expect((await listCounterPayments(sub, counterPageSchema.parse({ outletId: outlet }))).canRefund).toBe(false);
    await testDb()('businessOwners').where({ id: sub }).update({ canRefund: true });
    expect((await listCounterPayments(sub, counterPageSchema.parse({ outletId: outlet }))).canRefund).toBe(true);
    const other = await payableOutlet({ name: 'Other' });
    await insertOwner('someone', other);
    await expect(listCounterPayments(sub, counterPageSchema.parse({ outletId: other }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('check a receipt', () => {
  it('by receipt id or the 6-digit code (any case, spaces): amount, time, first name; a clear no-match', async () => {
    const bill = await payBill();
    const expected = { orderId: bill.orderId, receiptCode: bill.receiptCode, amountPaise: bill.amountPaise, shopperFirstName: 'Asha', status: 'paid', refundedPaise: 0 };
    const check = (code: string) => verifyReceipt(owner, checkReceiptInputSchema.parse({ outletId: outlet, code }));
    expect(await check(bill.receiptCode)).toMatchObject(expected);
    expect(await check(` ${bill.receiptCode.toLowerCase()} `)).toMatchObject(expected);
    expect(await check(bill.verificationCode)).toMatchObject(expected);
    expect(await check(`${bill.verificationCode.slice(0, 3)} ${bill.verificationCode.slice(3)}`)).toMatchObject(expected);
    await expect(check('BCH-22222222')).rejects.toMatchObject({ code: 'NOT_FOUND', message: RECEIPT_CHECK_MESSAGES.notFound });
    const wrong = bill.verificationCode === '000000' ? '111111' : '000000';
    await expect(check(wrong)).rejects.toMatchObject({ code: 'NOT_FOUND', message: RECEIPT_CHECK_MESSAGES.noMatch });
    // The 6-digit code is for recent bills (48 h); the receipt id always works.
    clock = new Date(clock.getTime() + 49 * HOUR);
    await expect(check(bill.verificationCode)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await check(bill.receiptCode)).toMatchObject(expected);
    expect(() => checkReceiptInputSchema.parse({ outletId: outlet, code: '12345' })).toThrow(RECEIPT_CHECK_MESSAGES.badCode);
    // The first version of the call (receiptCode) still works.
    expect(await verifyReceipt(owner, checkReceiptInputSchema.parse({ outletId: outlet, receiptCode: bill.receiptCode }))).toMatchObject(expected);
  });

  it("another outlet's bill is not found here; another owner's outlet is forbidden", async () => {
    const bill = await payBill();
    const other = await payableOutlet({ name: 'Other' });
    const otherOwner = await insertOwner('other', other);
    await expect(verifyReceipt(otherOwner, checkReceiptInputSchema.parse({ outletId: other, code: bill.receiptCode }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(verifyReceipt(otherOwner, checkReceiptInputSchema.parse({ outletId: outlet, code: bill.receiptCode }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('owner refunds', () => {
  it('half, then the rest: through the provider, statuses, exact ledger reversal, revenue and settlement net of refunds, shopper history and SMS', async () => {
    const bill = await payBill('1000'); // ₹1,000 − 10 % = ₹900 + fee ₹9 + GST ₹1.62 = ₹910.62
    expect(bill.amountPaise).toBe(91_062);
    const half = await refund({ receiptId: bill.receiptCode, amountPaise: 45_531, reason: 'Half the order was missing' });
    expect(half).toMatchObject({
      replayed: false,
      refund: { amountPaise: 45_531, status: 'processed', reason: 'Half the order was missing' },
      payment: { status: 'partly_refunded', refundedPaise: 45_531, refundablePaise: 45_531, refundPendingPaise: 0 },
    });
    expect(sandbox.calls).toEqual([expect.objectContaining({ amountPaise: 45_531, idempotencyKey: expect.stringMatching(new RegExp(`^own-${outlet}-key-`)) })]);
    // In proportion to what was paid: half of the ₹900 goods (the platform fee and its GST on it reversed), of the fee and of its GST.
    expect(await ledgerOf(bill.id)).toMatchObject({
      refund: 45_531,
      refund_net_to_outlet: 44_203,
      refund_platform_fee: 675,
      refund_platform_fee_gst: 122,
      refund_convenience_fee: 450,
      refund_gst: 81,
    });
    let revenue = await listRevenue(owner, { outletId: outlet, offSet: 1, limit: 20 });
    expect(revenue.data[0]).toMatchObject({
      billPaise: 100_000,
      discountPaise: 10_000,
      refundPaise: 45_000,
      feePaise: 1_350 - 675,
      netPaise: 88_650 - 44_325,
      feeGstPaise: 243 - 122,
      payoutPaise: 88_407 - 44_203,
    });

    const rest = await refund({ receiptId: bill.receiptCode, reason: 'Customer changed their mind' });
    expect(rest).toMatchObject({ refund: { amountPaise: 45_531, status: 'processed' }, payment: { status: 'refunded', refundedPaise: 91_062, refundablePaise: 0 } });
    // All of it: every amount the bill booked is reversed exactly, to the paisa.
    const ledger = await ledgerOf(bill.id);
    expect(ledger.refund).toBe(91_062);
    expect(ledger.refund_net_to_outlet).toBe(ledger.net_to_outlet);
    expect(ledger.refund_platform_fee).toBe(ledger.platform_fee);
    expect(ledger.refund_platform_fee_gst).toBe(ledger.platform_fee_gst);
    expect(ledger.refund_convenience_fee).toBe(ledger.convenience_fee);
    expect(ledger.refund_gst).toBe(ledger.gst);
    revenue = await listRevenue(owner, { outletId: outlet, offSet: 1, limit: 20 });
    expect(revenue.data[0]).toMatchObject({ ordersCount: 1, refundsCount: 2, refundPaise: 90_000, feePaise: 0, netPaise: 0, feeGstPaise: 0, payoutPaise: 0 });
    expect(revenue.totals).toMatchObject({ refundPaise: 90_000, netPaise: 0, feeGstPaise: 0, payoutPaise: 0 });

    // Nothing left.
    await expect(refund({ receiptId: bill.receiptCode, amountPaise: 100 })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: OWNER_REFUND_MESSAGES.nothingLeft });

    // The shopper's receipt and history show the refunds, by the outlet; the order stays a paid bill.
    const receipt = await getReceipt(shopper, bill.orderId);
    expect(receipt).toMatchObject({ status: 'paid', refunds: [{ amountPaise: 45_531, status: 'processed', byOutlet: true, reason: 'Half the order was missing' }, { amountPaise: 45_531, byOutlet: true }] });
    const history = await listRedeemedHistory(shopper, { offSet: 0, limit: 20 });
    expect(history.items[0]).toMatchObject({ kind: 'paid', refunds: [{ amountPaise: 45_531 }, { amountPaise: 45_531 }] });

    // One SMS per processed refund (the notifications module: SMS_ALERTS, once per refund).
    expect(await deliverRefundMessages()).toBe(2);
    const texts = sms.sent.map((m) => m.text);
    expect(texts).toEqual([
      'Bachat: Your refund of ₹455.31 for the bill at Chai Point has been started. It reaches your account in 5-7 working days.',
      'Bachat: Your refund of ₹455.31 for the bill at Chai Point has been started. It reaches your account in 5-7 working days.',
    ]);
  });

  it("the shopper's SMS is in their language (their account's); none when they turned SMS alerts off", async () => {
    await testDb()('consumers').where({ id: shopper }).update({ language: 'hi' });
    const bill = await payBill('1000');
    await refund({ receiptId: bill.receiptCode, amountPaise: 45_531 });
    expect(await deliverRefundMessages()).toBe(1);
    expect(sms.sent.map((m) => m.text)).toEqual(['Bachat: Chai Point पर आपके बिल के ₹455.31 का रिफ़ंड शुरू हो गया है। यह रकम 5-7 कामकाजी दिनों में आपके खाते में पहुँच जाएगी।']);
    // A refund the provider has not confirmed sends nothing yet.
    sandbox.control.fail = new ProviderError('The payment provider could not be reached for a refund', null);
    await refund({ receiptId: bill.receiptCode, amountPaise: 100 });
    expect(await deliverRefundMessages()).toBe(0);
    // A shopper who turned SMS alerts off gets none.
    sandbox.control.fail = null;
    await testDb()('consumerSettings').insert({ consumerId: shopper, smsAlerts: false }).onConflict('consumerId').merge();
    await refund({ receiptId: bill.receiptCode, amountPaise: 100 });
    await deliverRefundMessages();
    expect(sms.sent).toHaveLength(1);
  });

  it('more than is left is refused with what is left; nothing is written', async () => {
    const bill = await payBill('1000');
    await refund({ receiptId: bill.receiptCode, amountPaise: 90_000 });
    await expect(refund({ receiptId: bill.receiptCode, amountPaise: 1_100 })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      message: 'You can refund at most ₹10.62 of this payment.',
    });
    expect(await testDb()('refunds').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('the window: 23 h 59 min after the payment yes, 24 h 01 min no', async () => {
    const early = await payBill('500', new Date(clock.getTime() - (23 * HOUR + 59 * 60_000)));
    const late = await payBill('500', new Date(clock.getTime() - (24 * HOUR + 60_000)));
    expect((await refund({ receiptId: early.receiptCode })).refund.status).toBe('processed');
    await expect(refund({ receiptId: late.receiptCode })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: OWNER_REFUND_MESSAGES.windowClosed });
    expect(await testDb()('refunds').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('one idempotency key, one refund: a retry answers with it; the key for a different refund is a conflict', async () => {
    const bill = await payBill('1000');
    const first = await refund({ receiptId: bill.receiptCode, amountPaise: 10_000, idempotencyKey: 'counter-key-0001' });
    const again = await refund({ receiptId: bill.receiptCode, amountPaise: 10_000, idempotencyKey: 'counter-key-0001' });
    expect(again).toMatchObject({ replayed: true, refund: { id: first.refund.id } });
    await expect(refund({ receiptId: bill.receiptCode, amountPaise: 20_000, idempotencyKey: 'counter-key-0001' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: OWNER_REFUND_MESSAGES.keyReused,
    });
    expect(await testDb()('refunds').count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(sandbox.calls).toHaveLength(1);
  });

  it('who may refund: the master; a sub-account only when allowed; never another owner', async () => {
    const bill = await payBill('1000');
    const sub = await insertOwner({ username: 'staff', isMaster: false, masterId: owner });
    await grant(sub, outlet);
    await expect(refund({ receiptId: bill.receiptCode, amountPaise: 1_000 }, sub)).rejects.toMatchObject({ code: 'FORBIDDEN', message: REFUNDS_NOT_ALLOWED });
    await testDb()('businessOwners').where({ id: sub }).update({ canRefund: true });
    const done = await refund({ receiptId: bill.receiptCode, amountPaise: 1_000 }, sub);
    expect(await testDb()('refunds').where({ id: done.refund.id }).first('initiatedBy', 'kind')).toEqual({ initiatedBy: sub, kind: 'owner' });
    const stranger = await insertOwner('stranger', await payableOutlet({ name: 'Elsewhere' }));
    await expect(refund({ receiptId: bill.receiptCode, amountPaise: 1_000 }, stranger)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(refund({ receiptId: 'BCH-22222222' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a provider failure leaves it pending (counted, not booked); the retry books it; a failed refund frees the amount', async () => {
    const bill = await payBill('1000');
    sandbox.control.fail = new ProviderError('The payment provider could not be reached for a refund', null);
    const pending = await refund({ receiptId: bill.receiptCode, amountPaise: 50_000 });
    expect(pending).toMatchObject({ refund: { status: 'pending' }, payment: { status: 'partly_refunded', refundedPaise: 50_000, refundPendingPaise: 50_000, refundablePaise: 41_062 } });
    expect((await ledgerOf(bill.id)).refund).toBeUndefined();
    sandbox.control.fail = null;
    expect(await retryPendingRefunds({ minAgeMs: 0 })).toBe(1);
    expect((await ledgerOf(bill.id)).refund).toBe(50_000);
    // A refund the provider refuses for good: nothing booked, and the amount can be refunded again.
    sandbox.control.fail = new ProviderError('Refused', 400);
    const refused = await refund({ receiptId: bill.receiptCode, amountPaise: 41_062 });
    await testDb()('refunds').where({ id: refused.refund.id }).update({ attempts: 4 });
    await retryPendingRefunds({ minAgeMs: 0 });
    expect(await testDb()('refunds').where({ id: refused.refund.id }).first('status')).toEqual({ status: 'failed' });
    sandbox.control.fail = null;
    expect((await refund({ receiptId: bill.receiptCode })).payment).toMatchObject({ status: 'refunded', refundedPaise: 91_062 });
  });

  it('refund races: 10 at once for ₹300 each on a ₹910.62 payment → exactly 3 go through; the sum never exceeds the capture', async () => {
    const bill = await payBill('1000');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => refund({ receiptId: bill.receiptCode, amountPaise: 30_000 })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    const total = await testDb()('refunds').where({ kind: 'owner' }).whereNot('status', 'failed').sum({ s: 'amountPaise' }).first();
    expect(Number(total?.s)).toBe(90_000);
    expect((await ledgerOf(bill.id)).refund).toBe(90_000);
  });

  it('refund races: the same request 10 times at once (one key) → one refund', async () => {
    const bill = await payBill('1000');
    const results = await Promise.all(Array.from({ length: 10 }, () => refund({ receiptId: bill.receiptCode, amountPaise: 20_000, idempotencyKey: 'same-key-123456' })));
    expect(new Set(results.map((r) => r.refund.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await testDb()('refunds').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });
});

describe('a bill refunded in full gives back what it spent (issue 29)', () => {
  /** A coupon bought with a Golden Key (the ledger's -1 row), valid until `validUntil`. */
  async function keyCoupon(validUntil = new Date(clock.getTime() + 6 * HOUR)) {
    const couponId = await insertCoupon(shopper, outlet, { percent: 5, validUntil, usedGoldenKey: true });
    await testDb()('goldenKeyLedger').insert({ consumerId: shopper, delta: 1, reason: 'adjustment', note: 'test' });
    await testDb()('goldenKeyLedger').insert({ consumerId: shopper, delta: -1, reason: 'shuffle_purchase', couponId, note: 'test' });
    return couponId;
  }
  const keys = async () => Number((await testDb()('goldenKeyLedger').where({ consumerId: shopper }).sum({ s: 'delta' }).first())?.s ?? 0);
  const couponOf = (id: number) => testDb()('coupons').where({ id }).first('isLive', 'redeemedAt');
  const review = (orderId: string) => createReview(shopper, createReviewSchema.parse({ orderId, rating: 4, body: 'Good coffee and quick service.' }));

  it('a partial refund keeps the coupon and the key; the rest gives both back, the coupon live again; the bill can no longer be reviewed', async () => {
    const couponId = await keyCoupon();
    const bill = await payBill('1000');
    expect((await testDb()('orders').where({ id: bill.id }).first('couponId'))!.couponId).toBe(couponId);
    expect(await couponOf(couponId)).toMatchObject({ isLive: false, redeemedAt: expect.any(Date) });
    expect(await keys()).toBe(0);

    await refund({ receiptId: bill.receiptCode, amountPaise: 10_000 });
    expect(await couponOf(couponId)).toMatchObject({ isLive: false, redeemedAt: expect.any(Date) });
    expect(await keys()).toBe(0);
    expect((await listReviewableReceipts(shopper, outlet)).map((r) => r.orderId)).toEqual([bill.orderId]);

    await refund({ receiptId: bill.receiptCode });
    expect(await couponOf(couponId)).toEqual({ isLive: true, redeemedAt: null });
    expect(await keys()).toBe(1);
    expect(await listReviewableReceipts(shopper, outlet)).toEqual([]);
    await expect(review(bill.orderId)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: REVIEW_MESSAGES.refunded });
    expect(await testDb()('reviews').count({ n: '*' }).first()).toMatchObject({ n: 0 });

    // The coupon given back pays a new bill; refunded in full again, the key comes back only once.
    const again = await payBill('1000');
    expect((await testDb()('orders').where({ id: again.id }).first('couponId'))!.couponId).toBe(couponId);
    await refund({ receiptId: again.receiptCode });
    expect(await couponOf(couponId)).toEqual({ isLive: true, redeemedAt: null });
    expect(await keys()).toBe(1);
  });

  it('a coupon past its validity comes back as expired, not live', async () => {
    const couponId = await keyCoupon(new Date(clock.getTime() + HOUR));
    const bill = await payBill('1000');
    clock = new Date(clock.getTime() + 2 * HOUR);
    await refund({ receiptId: bill.receiptCode });
    expect(await couponOf(couponId)).toEqual({ isLive: false, redeemedAt: null });
    expect(await keys()).toBe(1);
  });
});
