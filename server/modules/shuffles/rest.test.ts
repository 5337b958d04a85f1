import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { giveGoldKeys, newShopper, payableOutlet } from '../../test/factories.ts';

useTestDatabase();

let request: ReturnType<typeof createTestApp>['request'];
let auth: { Authorization: string };
let shopper: number;
let outlet: number;

beforeEach(async () => {
  ({ request } = createTestApp());
  shopper = await newShopper();
  auth = await bearer('consumer', shopper);
  outlet = await payableOutlet({ shuffleMin: 2, shuffleMax: 10 });
});

describe('POST /api/outlet/getShuffle and /api/user/saveDiscount', () => {
  it('deals, saves with the legacy payload (its discount ignored) and answers in the wire shape', async () => {
    const deal = await request.post('/api/outlet/getShuffle').set(auth).send({ macId: 'device-1', outletId: outlet }).expect(200);
    expect(deal.body).toMatchObject({ OUTLET_ID: outlet, MIN_PERCENT: 2, MAX_PERCENT: 10, CARD_COUNT: 3, FREE_AVAILABLE: 'true', GOLD_KEYS: 0 });
    const saved = await request
      .post('/api/user/saveDiscount')
      .set(auth)
      .send({ macId: 'device-1', outletId: outlet, discount: 75, useGoldKey: false, isLive: true, validity: 'x', discountType: 'shuffle', measkOrderId: null })
      .expect(201);
    expect(saved.body.coupon).toMatchObject({ USER_ID: shopper, IS_LIVE: 'true', REDEEMED: 'false', USED_GOLD_KEY: 'false' });
    expect(saved.body.coupon.DISCOUNT_PRECENT).toBeGreaterThanOrEqual(2);
    expect(saved.body.coupon.DISCOUNT_PRECENT).toBeLessThanOrEqual(10);
  });

  it('409 for a second free shuffle, 422 without Golden Keys, 201 with one', async () => {
    await request.post('/api/user/saveDiscount').set(auth).send({ outletId: outlet }).expect(201);
    const again = await request.post('/api/user/saveDiscount').set(auth).send({ outletId: outlet }).expect(409);
    expect(again.body.message).toBe("You have used today's free shuffle at this outlet. Use a Golden Key to shuffle again.");
    await request.post('/api/user/saveDiscount').set(auth).send({ outletId: outlet, useGoldKey: true }).expect(422);
    await giveGoldKeys(shopper, 1);
    const paid = await request.post('/api/user/saveDiscount').set(auth).send({ outletId: outlet, useGoldKey: 'true' }).expect(201);
    expect(paid.body).toMatchObject({ GOLD_KEYS: 0, coupon: { USED_GOLD_KEY: 'true' } });
  });

  it('401 without a session, 400 for a bad outlet id', async () => {
    await request.post('/api/outlet/getShuffle').send({ outletId: outlet }).expect(401);
    const bad = await request.post('/api/outlet/getShuffle').set(auth).send({ outletId: 'abc' }).expect(400);
    expect(bad.body.errors.outletId).toBe('outletId must be a number');
  });
});
