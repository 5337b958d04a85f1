import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { type createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { businessCaller, type BusinessWorld, insertCoupon, newShopper, businessApp } from '../../test/factories.ts';

useTestDatabase();

let w: BusinessWorld;
let app: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  ({ app, w } = await businessApp()); // Monday 12:30 IST
});

describe('dashboards over REST (POST, query offSet & limit, payload outletId)', () => {
  it('/business/v1/dashboard/coupons: legacy row keys, data / offset / totalPages', async () => {
    const shopper = await newShopper();
    for (let i = 0; i < 21; i++) await insertCoupon(shopper, w.outletA, { percent: 7, code: `SHR${String(i).padStart(5, '0')}`, validUntil: new Date('2026-11-23T16:00:00Z') });
    const res = await app.request.post('/api/business/v1/dashboard/coupons?offSet=2&limit=20').set(w.authA).send({ outletId: w.outletA });
    expect(res.status).toBe(200);
    expect(res.body.coupons).toMatchObject({ offset: 2, totalPages: 2, total: 21, summary: { ISSUED: 21, REDEEMED: 0 } });
    expect(res.body.coupons.data).toEqual([
      expect.objectContaining({ USER_ID: shopper, DISCOUNT_PRECENT: 7, IS_LIVE: 'true', REDEEMED: 'false', CODE: 'SHR00000' }),
    ]);
    const bad = await app.request.post('/api/business/v1/dashboard/coupons?offSet=-1').set(w.authA).send({ outletId: w.outletA });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.offSet).toBe('offSet cannot be negative');
  });

  it('/business/dashboard/revenue and /liveAdv answer with at least one page', async () => {
    await testDb()('outletDailyStats').insert({ outletId: w.outletA, day: '2026-11-22', ordersCount: 2, couponsCount: 1, billPaise: 150_000, discountPaise: 15_000, feePaise: 2_025, netPaise: 132_975 });
    const revenue = await app.request.post('/api/business/dashboard/revenue?offSet=1&limit=20').set(w.authA).send({ outletId: w.outletA });
    expect(revenue.body.revenue).toMatchObject({ offset: 1, totalPages: 1, data: [{ DATE: '2026-11-22', ORDERS: 2, BILL_PAISE: 150_000, NET_PAISE: 132_975 }] });
    const live = await app.request.post('/api/business/dashboard/liveAdv').set(w.authA).send({ outletId: w.outletA });
    expect(live.body.liveAds).toEqual({ data: [], offset: 1, totalPages: 1, total: 0 });
  });

  it('the settlement report downloads as CSV', async () => {
    await testDb()('outletDailyStats').insert({ outletId: w.outletA, day: '2026-11-16', ordersCount: 1, couponsCount: 0, billPaise: 100_000, discountPaise: 10_000, feePaise: 1_350, netPaise: 88_650 });
    await testDb()('settlements').insert({
      outletId: w.outletA,
      periodStart: '2026-11-16',
      periodEnd: '2026-11-16',
      ordersCount: 1,
      grossPaise: 100_000,
      discountPaise: 10_000,
      feePaise: 1_350,
      feeGstPaise: 243,
      netPaise: 88_650,
      payoutPaise: 88_407,
      status: 'pending',
    });
    const res = await app.request.get('/api/business/dashboard/settlement.csv').query({ outletId: w.outletA }).set(w.authA);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="settlement-report-${w.outletA}-2026-11-23.csv"`);
    expect(res.text.split('\r\n')[1]).toBe('2026-11-16,2026-11-16,1,1000.00,100.00,13.50,2.43,886.50,0.00,884.07,Pending,');
    const json = await app.request.post('/api/business/dashboard/settlement').set(w.authA).send({ outletId: w.outletA });
    expect(json.body.settlements.data[0]).toMatchObject({ PERIOD_START: '2026-11-16', STATUS: 'pending', NET_PAISE: 88_650, PAYOUT_PAISE: 88_407, UTR: null });
  });

  it('tRPC: dashboards.* answer camelCase pages; a sub-account sees only its granted outlet', async () => {
    const caller = await businessCaller(w.ownerA);
    expect(await caller.dashboards.coupons({ outletId: w.outletA })).toMatchObject({ data: [], offSet: 1, limit: 20, totalPages: 1 });
    expect(await caller.dashboards.revenue({ outletId: w.outletA, offSet: 1 })).toMatchObject({ totals: { ordersCount: 0 } });
    expect((await caller.dashboards.settlementCsv({ outletId: w.outletA })).csv.split('\r\n')[0]).toMatch(/^Period start,/);
    const sub = await businessCaller(w.subA);
    await expect(sub.dashboards.revenue({ outletId: w.outletA2 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
