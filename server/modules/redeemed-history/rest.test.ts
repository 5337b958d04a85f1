import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { completeDemoCheckout, handleWebhook } from '../payments/service.ts';
import { runtime } from '../../lib/runtime.ts';
import { isSandbox } from '../../providers/payments.ts';
import { insertCoupon, newShopper, payableOutlet } from '../../test/factories.ts';
import { listRedeemedHistory } from './service.ts';

useTestDatabase();

let request: ReturnType<typeof createTestApp>['request'];
let shopper: number;
let outlet: number;

async function pay(amount: string, key: string) {
  const order = await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount, idempotencyKey: key }));
  await completeDemoCheckout(shopper, order.orderId, 'pay');
  return order;
}

beforeEach(async () => {
  ({ request } = createTestApp());
  shopper = await newShopper();
  outlet = await payableOutlet({ basePercent: 10 });
});

describe('redeemed history', () => {
  it('service lists paid bills newest first, paged', async () => {
    await insertCoupon(shopper, outlet, { percent: 5, code: 'SHHIST001' });
    await pay('1000', 'hist-key-0001');
    await pay('200', 'hist-key-0002');
    const page = await listRedeemedHistory(shopper, { offSet: 0, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    const all = await listRedeemedHistory(shopper, { offSet: 0, limit: 20 });
    expect(all.items.map((i) => i.billPaise).sort()).toEqual([100_000, 20_000].sort());
    expect(all.items.find((i) => i.billPaise === 100_000)).toMatchObject({ couponCode: 'SHHIST001', savedPaise: 14_500 });
  });

  it('REST GET /api/user/redeemed-history and /:id, own rows only', async () => {
    const order = await pay('1000', 'hist-key-0003');
    const auth = await bearer('consumer', shopper);
    await request.get('/api/user/redeemed-history').expect(401);
    const list = await request.get('/api/user/redeemed-history?offSet=0&limit=10').set(auth).expect(200);
    expect(list.body).toMatchObject({ TOTAL_COUNT: 1, history: [{ ORDER_ID: order.orderId, OUTLET_NAME: 'Chai Point', AMOUNT_PAISE: 91_062, SAVED_PAISE: 10_000 }] });
    const id = list.body.history[0].ID;
    const one = await request.get(`/api/user/redeemed-history/${id}`).set(auth).expect(200);
    expect(one.body.redemption).toMatchObject({ ID: id, RECEIPT_CODE: expect.stringMatching(/^BCH-/) });
    await request.get(`/api/user/redeemed-history/${id}`).set(await bearer('consumer', await newShopper('Ravi'))).expect(404);
    await request.get('/api/user/redeemed-history/abc').set(auth).expect(400);
    await request.get('/api/user/redeemed-history?limit=500').set(auth).expect(400);
  });

  it('lists a payment we refunded (coupon used by another order first) with its refund, beside the paid bills', async () => {
    const coupon = await insertCoupon(shopper, outlet, { percent: 5, code: 'SHHIST009' });
    const first = await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: '1000', couponId: coupon, idempotencyKey: 'hist-key-0101' }));
    await completeDemoCheckout(shopper, first.orderId, 'fail');
    const paid = await pay('1000', 'hist-key-0102');
    // A late authorisation of the first attempt is captured after the coupon went to the paid order.
    const p = runtime().payments;
    if (!isSandbox(p)) throw new Error('sandbox expected');
    const { webhook } = p.complete({ providerOrderId: first.providerOrderId, amountPaise: first.amountPaise, outcome: 'pay' });
    await handleWebhook(webhook.body, webhook.signature, webhook.eventId);
    const auth = await bearer('consumer', shopper);
    const list = await request.get('/api/user/redeemed-history').set(auth).expect(200);
    expect(list.body.TOTAL_COUNT).toBe(2);
    const [refunded, bill] = [...list.body.history].sort((a: { KIND: string }) => (a.KIND === 'refunded' ? -1 : 1));
    expect(refunded).toMatchObject({
      ID: null,
      KIND: 'refunded',
      ORDER_ID: first.orderId,
      SAVED_PAISE: 0,
      RECEIPT_CODE: null,
      REDEEMED_AT: null,
      COUPON_CODE: null,
      REFUNDS: [{ AMOUNT_PAISE: first.amountPaise, STATUS: 'processed', REASON: expect.stringMatching(/already been used/) }],
    });
    expect(refunded.AT).toEqual(expect.any(String));
    expect(bill).toMatchObject({ KIND: 'paid', ORDER_ID: paid.orderId, COUPON_CODE: 'SHHIST009', REFUNDS: [] });
    const page = await listRedeemedHistory(shopper, { offSet: 1, limit: 1 });
    expect(page).toMatchObject({ total: 2, items: [expect.any(Object)] });
  });
});
