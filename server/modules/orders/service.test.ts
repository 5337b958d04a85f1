import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { insertCoupon, newShopper, payableOutlet } from '../../test/factories.ts';
import { completeDemoCheckout } from '../payments/service.ts';
import { createOrderInputSchema, ORDER_TTL_MS } from './schema.ts';
import { createOrder } from './service.ts';

useTestDatabase();

let shopper: number;
let outlet: number;
let clock: Date;
const create = (extra: Record<string, unknown> = {}) =>
  createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: 'key-00000001', ...extra }));

beforeEach(async () => {
  clock = new Date();
  createTestApp({ now: () => clock });
  shopper = await newShopper();
  outlet = await payableOutlet({ basePercent: 10 });
});

describe('createOrder', () => {
  it('recomputes the amount on the server (a client amount is ignored) and opens the sandbox checkout', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5 });
    const order = await create({ amountPaise: 1 });
    expect(order).toMatchObject({
      status: 'created',
      provider: 'sandbox',
      amountPaise: 86_509,
      breakdown: { billPaise: 100_000, instantDiscountPaise: 10_000, shuffleDiscountPaise: 4_500, offerSource: 'base', couponId: coupon },
      checkout: { provider: 'sandbox', url: `/payment-demo?orderId=${order.orderId}` },
    });
    expect(order.providerOrderId).toMatch(/^order_sbx/);
    const row = (await testDb()('orders').where({ publicId: order.orderId }).first())!;
    expect(Number(row.amountPaise)).toBe(86_509);
  });

  it('the same idempotency key returns the same order, also when retried concurrently', async () => {
    const first = await create();
    const again = await create();
    expect(again.orderId).toBe(first.orderId);
    expect(again.providerOrderId).toBe(first.providerOrderId);
    const racing = await Promise.all(Array.from({ length: 10 }, () => create({ idempotencyKey: 'key-racing-1' })));
    expect(new Set(racing.map((o) => o.orderId)).size).toBe(1);
    expect(await testDb()('orders').count({ n: '*' }).first()).toMatchObject({ n: 2 });
  });

  it('a key reused for a different bill is a 409', async () => {
    await create();
    await expect(create({ amount: '999' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'This idempotency key was already used for a different order.' });
  });

  it('refuses a used coupon and a missing key', async () => {
    const used = await insertCoupon(shopper, outlet, { redeemedAt: new Date() });
    await expect(create({ couponId: used })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(createOrderInputSchema.safeParse({ outletId: outlet, amount: 10 }).error?.issues[0]?.message).toBe('idempotencyKey is required');
  });
});

describe('orders expire and hold their coupon while open', () => {
  it(`expire ${ORDER_TTL_MS / 60_000} minutes after creation; a retry with the same key then says so`, async () => {
    const order = await create();
    expect(order.expiresAt).toEqual(new Date(clock.getTime() + ORDER_TTL_MS));
    const row = (await testDb()('orders').where({ publicId: order.orderId }).first('expiresAt'))!;
    expect(row.expiresAt).toEqual(order.expiresAt);
    clock = new Date(clock.getTime() + ORDER_TTL_MS);
    expect(await create()).toMatchObject({ orderId: order.orderId, status: 'expired' });
  });

  it('a second order for a coupon on an open order is a 409 with a clear message; the same key still replays', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5 });
    const first = await create({ couponId: coupon, idempotencyKey: 'hold-key-0001' });
    const until = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(first.expiresAt);
    await expect(create({ couponId: coupon, idempotencyKey: 'hold-key-0002' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Your Shuffle coupon is already on a payment you started that is not finished yet. Finish that payment, or use the coupon on a new bill after ${until}.`,
      details: { couponId: expect.any(String) },
    });
    // The breakdown picks the best coupon by itself: a different bill would take the held coupon too.
    await expect(create({ amount: '999', idempotencyKey: 'hold-key-0003' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await create({ couponId: coupon, idempotencyKey: 'hold-key-0001' })).orderId).toBe(first.orderId);
    // Without the coupon a new order is fine.
    expect((await create({ couponId: null, idempotencyKey: 'hold-key-0004' })).breakdown.couponId).toBeNull();
    // Once the first attempt is declined, the coupon is free again.
    await completeDemoCheckout(shopper, first.orderId, 'fail');
    expect((await create({ couponId: coupon, idempotencyKey: 'hold-key-0005' })).breakdown.couponId).toBe(coupon);
  });

  it('an expired order holds nothing', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5, validUntil: new Date(clock.getTime() + 3_600_000) });
    await create({ couponId: coupon, idempotencyKey: 'hold-key-0101' });
    clock = new Date(clock.getTime() + ORDER_TTL_MS);
    expect((await create({ couponId: coupon, idempotencyKey: 'hold-key-0102' })).breakdown.couponId).toBe(coupon);
  });

  it('racing orders with different keys for one coupon: exactly one is created', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5, validUntil: new Date(clock.getTime() + 3_600_000) });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => create({ couponId: coupon, idempotencyKey: `race-key-${String(i).padStart(4, '0')}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(7).fill('CONFLICT'));
    expect(await testDb()('orders').where({ couponId: coupon }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });
});
