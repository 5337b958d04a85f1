import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { createSession, resolveSession } from '../sessions/service.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { testDb } from '../../test/database.ts';
import { keyedHash } from '../../lib/crypto.ts';
import { TEST_SECRET } from '../../test/app.ts';
import { hmacHex, razorpayWebhookBody } from '../../providers/payments.ts';
import { ORDER_TTL_MS } from '../orders/schema.ts';
import { handleWebhook } from './service.ts';
import { REFUND_REASONS } from './schema.ts';
import { callerFor, insertCoupon, insertOwner, newShopper, payableOutlet } from '../../test/factories.ts';

useTestDatabase();

let shopper: number;
let outlet: number;
let clock: Date;

beforeEach(async () => {
  clock = new Date();
  createTestApp({ now: () => clock });
  shopper = await newShopper();
  outlet = await payableOutlet({ basePercent: 10 });
});

describe('orders, payments and redeemedHistory (tRPC): the whole pay-bill flow', () => {
  it('bill → order → demo checkout → Pay → receipt → history; the coupon is no longer active', async () => {
    const caller = await callerFor(shopper);
    await caller.shuffles.save({ outletId: outlet, card: 0 });
    const bill = await caller.bills.get({ outletId: outlet, amount: '1,000' });
    expect(bill.coupon).not.toBeNull();
    const order = await caller.orders.create({ outletId: outlet, amount: '1,000', idempotencyKey: 'trpc-key-0001' });
    expect(order.amountPaise).toBe(bill.amountPaise);
    expect(await caller.payments.demoCheckout({ orderId: order.orderId })).toMatchObject({ outletName: 'Chai Point', amountPaise: bill.amountPaise });
    expect(await caller.payments.demoComplete({ orderId: order.orderId, outcome: 'pay' })).toMatchObject({ outcome: 'paid' });
    const receipt = await caller.payments.byOrder({ orderId: order.orderId });
    expect(receipt).toMatchObject({ status: 'paid', amountPaise: bill.amountPaise, savedPaise: bill.discountPaise });
    const history = await caller.redeemedHistory.list({});
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({ orderId: order.orderId, outletName: 'Chai Point', amountPaise: bill.amountPaise, couponCode: bill.coupon!.code });
    expect(await caller.redeemedHistory.byId({ id: history.items[0]!.id })).toMatchObject({ orderId: order.orderId });
    expect((await caller.coupons.list()).counts).toMatchObject({ active: 0, redeemed: 1 });
  });

  it('the Fail path charges nothing and leaves the coupon active', async () => {
    const caller = await callerFor(shopper);
    await insertCoupon(shopper, outlet, { percent: 4 });
    const order = await caller.orders.create({ outletId: outlet, amount: 250, idempotencyKey: 'trpc-key-0002' });
    expect(await caller.payments.demoComplete({ orderId: order.orderId, outcome: 'fail' })).toMatchObject({ outcome: 'failed' });
    expect(await caller.payments.byOrder({ orderId: order.orderId })).toMatchObject({ status: 'failed', receiptCode: null });
    expect((await caller.redeemedHistory.list()).total).toBe(0);
    expect((await caller.coupons.list()).counts.active).toBe(1);
  });

  it('refuses anonymous callers, bad ids and other shoppers', async () => {
    const anon = await callerFor();
    await expect(anon.orders.create({ outletId: outlet, amount: 1, idempotencyKey: 'trpc-key-0003' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anon.redeemedHistory.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const caller = await callerFor(shopper);
    await expect(caller.payments.byOrder({ orderId: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const order = await caller.orders.create({ outletId: outlet, amount: 100, idempotencyKey: 'trpc-key-0004' });
    const other = await callerFor(await newShopper('Ravi'));
    await expect(other.payments.demoComplete({ orderId: order.orderId, outcome: 'pay' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.redeemedHistory.byId({ id: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('expiry, the coupon hold and refunds through tRPC', () => {
  it('orders.create: CONFLICT while the coupon is on an open order; then the order expires, a late capture is refunded and shows in byOrder and the history', async () => {
    const caller = await callerFor(shopper);
    const coupon = await insertCoupon(shopper, outlet, { percent: 5 });
    const first = await caller.orders.create({ outletId: outlet, amount: 1000, couponId: coupon, idempotencyKey: 'trpc-hold-0001' });
    expect(first.expiresAt).toEqual(new Date(clock.getTime() + ORDER_TTL_MS));
    await expect(caller.orders.create({ outletId: outlet, amount: 1000, couponId: coupon, idempotencyKey: 'trpc-hold-0002' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^Your Shuffle coupon is already on a payment you started/),
    });
    clock = new Date(clock.getTime() + ORDER_TTL_MS + 1);
    expect(await caller.payments.demoCheckout({ orderId: first.orderId })).toMatchObject({ status: 'expired' });
    expect(await caller.payments.demoComplete({ orderId: first.orderId, outcome: 'pay' })).toMatchObject({ outcome: 'expired' });
    const secret = keyedHash(TEST_SECRET, 'payments', 'sandbox-webhook-secret');
    const late = razorpayWebhookBody({ event: 'order.paid', paymentId: 'pay_trpc_late', providerOrderId: first.providerOrderId, amountPaise: first.amountPaise });
    await handleWebhook(late, hmacHex(secret, late), 'evt_trpc_late');
    expect(await caller.payments.byOrder({ orderId: first.orderId })).toMatchObject({
      status: 'expired',
      failureCode: 'order_expired',
      coupon: { state: 'available' },
      refunds: [{ amountPaise: first.amountPaise, status: 'processed', reason: REFUND_REASONS.order_expired }],
    });
    const history = await caller.redeemedHistory.list({});
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({ id: null, kind: 'refunded', orderId: first.orderId, savedPaise: 0, redeemedAt: null, refunds: [{ status: 'processed' }] });
    // The coupon is free again: a new order takes it and pays.
    const second = await caller.orders.create({ outletId: outlet, amount: 1000, couponId: coupon, idempotencyKey: 'trpc-hold-0003' });
    await caller.payments.demoComplete({ orderId: second.orderId, outcome: 'pay' });
    const both = await caller.redeemedHistory.list({});
    expect(both.items.map((i) => [i.kind, i.orderId])).toEqual([
      ['paid', second.orderId],
      ['refunded', first.orderId],
    ]);
    expect(Number((await testDb()('refunds').count({ n: '*' }).first())?.n)).toBe(1);
  });
});

describe('payments.checkReceipt (business)', () => {
  it("answers the outlet's staff, refuses other accounts and shoppers", async () => {
    const caller = await callerFor(shopper);
    const order = await caller.orders.create({ outletId: outlet, amount: 1000, idempotencyKey: 'trpc-key-0005' });
    await caller.payments.demoComplete({ orderId: order.orderId, outcome: 'pay' });
    const receipt = await caller.payments.byOrder({ orderId: order.orderId });
    const ownerCaller = async (id: number) => {
      const { token } = await createSession({ kind: 'business', principalId: id });
      return createCaller(createContextInner({ principal: await resolveSession(token) }));
    };
    const staff = await ownerCaller(await insertOwner('chai.owner', outlet));
    expect(await staff.payments.checkReceipt({ outletId: outlet, receiptCode: receipt.receiptCode! })).toMatchObject({
      verificationCode: receipt.verificationCode,
      amountPaise: receipt.amountPaise,
    });
    const other = await ownerCaller(await insertOwner('other.owner'));
    await expect(other.payments.checkReceipt({ outletId: outlet, receiptCode: receipt.receiptCode! })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller.payments.checkReceipt({ outletId: outlet, receiptCode: receipt.receiptCode! })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
