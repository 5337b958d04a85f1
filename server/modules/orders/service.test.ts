import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { insertCoupon, newShopper, payableOutlet } from '../payments/test-fixtures.ts';
import { createOrderInputSchema } from './schema.ts';
import { createOrder } from './service.ts';

useTestDatabase();

let shopper: number;
let outlet: number;
const create = (extra: Record<string, unknown> = {}) =>
  createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', idempotencyKey: 'key-00000001', ...extra }));

beforeEach(async () => {
  createTestApp();
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
    const row = await testDb()('orders').where({ publicId: order.orderId }).first();
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
