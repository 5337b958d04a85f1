import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { callerFor, insertCoupon, newShopper, payableOutlet } from '../../test/factories.ts';
import { listCoupons } from './service.ts';

useTestDatabase();

let shopper: number;
let outlet: number;
let request: ReturnType<typeof createTestApp>['request'];

beforeEach(async () => {
  ({ request } = createTestApp());
  shopper = await newShopper();
  outlet = await payableOutlet();
  await insertCoupon(shopper, outlet, { percent: 6, code: 'SHACTIVE1' });
  await insertCoupon(shopper, outlet, { percent: 4, code: 'SHEXPIRD1', validUntil: new Date(Date.now() - 60_000) });
  await insertCoupon(shopper, outlet, { percent: 3, code: 'SHOFFLIN1', isLive: false });
  await insertCoupon(shopper, outlet, { percent: 9, code: 'SHUSED001', redeemedAt: new Date(), isLive: false });
  await insertCoupon(await newShopper('Ravi'), outlet, { code: 'SHOTHER01' });
});

describe('coupons: active and expired with counts (SPEC §4)', () => {
  it('service splits active, expired and redeemed', async () => {
    const list = await listCoupons(shopper);
    expect(list.counts).toEqual({ active: 1, expired: 2, redeemed: 1, total: 4 });
    expect(list.active[0]).toMatchObject({ code: 'SHACTIVE1', isLive: true, redeemed: false, discountPercent: 6, outletName: 'Chai Point' });
    expect(list.expired.map((c) => c.code).sort()).toEqual(['SHEXPIRD1', 'SHOFFLIN1']);
    expect(list.expired.every((c) => !c.isLive && !c.redeemed)).toBe(true);
    expect(list.redeemed[0]).toMatchObject({ code: 'SHUSED001', redeemed: true });
  });

  it('tRPC coupons.list is the shopper’s own, and needs a session', async () => {
    const caller = await callerFor(shopper);
    expect((await caller.coupons.list()).counts.total).toBe(4);
    await expect((await callerFor()).coupons.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('REST GET /api/user/discounts sends IS_LIVE / REDEEMED as strings, split with counts', async () => {
    await request.get('/api/user/discounts').expect(401);
    const res = await request.get('/api/user/discounts').set(await bearer('consumer', shopper)).expect(200);
    const r = res.body.response;
    expect(r.counts).toEqual({ ACTIVE: 1, EXPIRED: 2, REDEEMED: 1, TOTAL: 4 });
    expect(r.active).toEqual([expect.objectContaining({ CODE: 'SHACTIVE1', IS_LIVE: 'true', REDEEMED: 'false', DISCOUNT_PRECENT: 6, USER_ID: shopper })]);
    expect(r.expired.every((c: { IS_LIVE: string; REDEEMED: string }) => c.IS_LIVE === 'false' && c.REDEEMED === 'false')).toBe(true);
    expect(r.redeemed[0]).toMatchObject({ IS_LIVE: 'false', REDEEMED: 'true' });
    expect(r.coupons).toHaveLength(4);
  });
});
