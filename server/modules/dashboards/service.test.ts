import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { testDb } from '../../test/database.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { completeDemoCheckout } from '../payments/service.ts';
import { type BusinessWorld, insertCoupon, newShopper, businessApp } from '../../test/factories.ts';
import { createAd, createEvent, scheduleAd } from '../promotions/service.ts';
import { totalPagesOf } from './schema.ts';
import { listCoupons, listLiveAds, listRevenue, listSettlements, settlementCsv } from './service.ts';
import { SETTLEMENT_CSV_HEADER } from '../settlements/report.ts';

useTestDatabase();

let w: BusinessWorld;
beforeEach(async () => {
  ({ w } = await businessApp()); // Monday 12:30 IST
});

const page = (offSet: number, limit = 20) => ({ outletId: w.outletA, offSet, limit });

async function stats(outletId: number, day: string, orders: number, bill: number) {
  await testDb()('outletDailyStats').insert({
    outletId,
    day,
    ordersCount: orders,
    couponsCount: 1,
    billPaise: bill,
    discountPaise: bill / 10,
    feePaise: Math.round(bill * 0.015),
    netPaise: bill - bill / 10 - Math.round(bill * 0.015),
  });
}

describe('totalPages', () => {
  it('is ceil(count / 20), at least 1', () => {
    expect([0, 1, 20, 21, 40, 41].map((n) => totalPagesOf(n))).toEqual([1, 1, 1, 2, 2, 3]);
  });
});

describe('coupons dashboard', () => {
  it('pages newest first by the per-outlet number; the total is the maintained counter', async () => {
    const shopper = await newShopper();
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) ids.push(await insertCoupon(shopper, w.outletA, { percent: 5 + (i % 5), code: `SH${String(i).padStart(6, '0')}` }));
    await insertCoupon(shopper, w.outletB, { code: 'SHOTHER01' });
    const first = await listCoupons(w.ownerA, page(1));
    expect(first).toMatchObject({ total: 45, totalPages: 3, offSet: 1, limit: 20, summary: { issued: 45, redeemed: 0 } });
    expect(first.data.map((c) => c.id)).toEqual(ids.slice().reverse().slice(0, 20));
    const last = await listCoupons(w.ownerA, page(3));
    expect(last.data.map((c) => c.id)).toEqual(ids.slice(0, 5).reverse());
    expect((await listCoupons(w.ownerA, page(4))).data).toEqual([]);
    expect((await listCoupons(w.ownerA, page(0))).data[0]!.id).toBe(ids[44]);
    expect(Number((await testDb()('outletCouponCounters').where({ outletId: w.outletA }).first())!.couponsCount)).toBe(45);
    // No coupons: one empty page.
    expect(await listCoupons(w.ownerA, { outletId: w.outletA2, offSet: 1, limit: 20 })).toMatchObject({ data: [], total: 0, totalPages: 1 });
  });

  it('a paid bill shows as a redeemed coupon, in revenue and in the settlement (real capture)', async () => {
    const shopper = await newShopper();
    await testDb()('outletDiscounts').insert({ outletId: w.outletA, discountPercent: 10, isLive: true });
    await insertCoupon(shopper, w.outletA, { percent: 5, validUntil: new Date('2026-11-23T16:00:00Z') });
    const order = await createOrder(shopper, createOrderInputSchema.parse({ outletId: w.outletA, amount: '1000', idempotencyKey: 'dash-key-0001' }));
    await completeDemoCheckout(shopper, order.orderId, 'pay');

    const coupons = await listCoupons(w.ownerA, page(1));
    expect(coupons.summary).toEqual({ issued: 1, redeemed: 1 });
    expect(coupons.data[0]).toMatchObject({ redeemed: true, isLive: false, discountPercent: 5 });
    const revenue = await listRevenue(w.ownerA, page(1));
    expect(revenue.data).toEqual([
      { day: '2026-11-23', ordersCount: 1, couponsCount: 1, billPaise: 100_000, discountPaise: 14_500, feePaise: 1_283, netPaise: 84_217, feeGstPaise: 231, payoutPaise: 83_986, refundsCount: 0, refundPaise: 0 },
    ]);
    // "Net to you" is the payout, the same as the settlement's to the paisa.
    expect(revenue.totals).toMatchObject({ ordersCount: 1, billPaise: 100_000, netPaise: 84_217, feeGstPaise: 231, payoutPaise: 83_986 });
    const settlement = await listSettlements(w.ownerA, page(1));
    expect(settlement.data).toEqual([
      // Today: no statement yet. GST on the fee: 18 % of ₹12.83 = ₹2.31; payout = ₹842.17 − ₹2.31.
      expect.objectContaining({ periodStart: '2026-11-23', periodEnd: '2026-11-23', grossPaise: 100_000, discountPaise: 14_500, feePaise: 1_283, feeGstPaise: 231, netPaise: 84_217, payoutPaise: 83_986, status: 'open' }),
    ]);
  });
});

describe('revenue and settlements', () => {
  it('revenue by day, newest first, 20 a page, with the range totals', async () => {
    for (let d = 1; d <= 25; d++) await stats(w.outletA, `2026-10-${String(d).padStart(2, '0')}`, d, 10_000 * d);
    await stats(w.outletB, '2026-10-05', 99, 9_900_000);
    const p1 = await listRevenue(w.ownerA, page(1));
    expect(p1).toMatchObject({ total: 25, totalPages: 2 });
    expect(p1.data[0]).toMatchObject({ day: '2026-10-25', ordersCount: 25, billPaise: 250_000 });
    expect((await listRevenue(w.ownerA, page(2))).data.map((d) => d.day)).toEqual(['2026-10-05', '2026-10-04', '2026-10-03', '2026-10-02', '2026-10-01']);
    const ranged = await listRevenue(w.ownerA, { ...page(1), from: '2026-10-10', to: '2026-10-12' });
    expect(ranged.totals).toMatchObject({ ordersCount: 33, billPaise: 330_000 });
  });

  it('statements newest first: a week statement from before daily ones keeps its data; days without a statement are open; the CSV', async () => {
    await stats(w.outletA, '2026-11-02', 2, 200_000); // inside the old weekly statement
    await stats(w.outletA, '2026-11-10', 1, 50_000); // no statement yet
    await testDb()('settlements').insert({
      outletId: w.outletA,
      periodStart: '2026-11-02',
      periodEnd: '2026-11-08',
      grossPaise: 300_000,
      discountPaise: 30_000,
      feePaise: 4_500,
      netPaise: 265_500,
      payoutPaise: 265_500,
      status: 'settled',
      utr: 'UTR, 2026/11/12',
      settledAt: new Date('2026-11-12T06:00:00Z'),
    });
    const s = await listSettlements(w.ownerA, page(1));
    expect(s).toMatchObject({ total: 2, totalPages: 1 });
    expect(s.data.map((r) => [r.periodStart, r.periodEnd, r.grossPaise, r.status, r.utr])).toEqual([
      ['2026-11-10', '2026-11-10', 0, 'open', null], // its figures come from its paid orders: none in this test
      ['2026-11-02', '2026-11-08', 300_000, 'settled', 'UTR, 2026/11/12'],
    ]);
    const { csv, filename } = await settlementCsv(w.ownerA, { outletId: w.outletA });
    expect(filename).toBe(`settlement-report-${w.outletA}-2026-11-23.csv`);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(SETTLEMENT_CSV_HEADER.join(','));
    expect(lines[2]).toBe('2026-11-02,2026-11-08,0,3000.00,300.00,45.00,0.00,2655.00,0.00,2655.00,Settled,"UTR, 2026/11/12"');
  });

  it('the CSV neutralises text that would start a formula; amounts stay numbers', async () => {
    await testDb()('settlements').insert({
      outletId: w.outletA,
      periodStart: '2026-11-02',
      periodEnd: '2026-11-08',
      grossPaise: 10_000,
      discountPaise: 0,
      feePaise: 150,
      netPaise: 9_850,
      refundPaise: 1_100,
      payoutPaise: 8_750,
      status: 'settled',
      utr: '=HYPERLINK("https://evil.example","UTR")',
      settledAt: new Date('2026-11-12T06:00:00Z'),
    });
    const { csv } = await settlementCsv(w.ownerA, { outletId: w.outletA });
    const line = csv.split('\r\n').find((l) => l.startsWith('2026-11-02,'))!;
    expect(line).toBe(`2026-11-02,2026-11-08,0,100.00,0.00,1.50,0.00,98.50,11.00,87.50,Settled,"'=HYPERLINK(""https://evil.example"",""UTR"")"`);
  });
});

describe('live ads', () => {
  it('live first (a slot runs now), then scheduled, then off', async () => {
    const live = await createAd(w.ownerA, { outletId: w.outletA, adType: 'D', title: 'Lunch rush', discountPercent: 20 });
    await scheduleAd(w.ownerA, { outletId: w.outletA, advId: live.id, day: 1, startTime: '12:00', endTime: '13:00' });
    const later = await createAd(w.ownerA, { outletId: w.outletA, adType: 'R', title: 'Weekend brunch', discountPercent: 10 });
    await scheduleAd(w.ownerA, { outletId: w.outletA, advId: later.id, day: 6, startTime: '10:00', endTime: '12:00' });
    const event = await createEvent(w.ownerA, { outletId: w.outletA, date: '2026-12-24', colorHash: '#FF0000', isEnabled: true });
    const eventAd = await createAd(w.ownerA, { outletId: w.outletA, adType: 'E', title: 'Christmas Eve', discountPercent: 30, eventId: event.id });
    await scheduleAd(w.ownerA, { outletId: w.outletA, advId: eventAd.id, startTime: '18:00', endTime: '23:00' });
    await createAd(w.ownerA, { outletId: w.outletA, adType: 'R', title: 'Never scheduled', discountPercent: 10 });
    const res = await listLiveAds(w.ownerA, page(1));
    expect(res.data.map((a) => [a.title, a.status, a.slotDate, a.startTime])).toEqual([
      ['Lunch rush', 'live', '2026-11-23', '12:00'],
      ['Christmas Eve', 'scheduled', '2026-12-24', '18:00'],
      ['Weekend brunch', 'scheduled', '2026-11-28', '10:00'],
      ['Never scheduled', 'off', null, null],
    ]);
    expect(res).toMatchObject({ total: 4, totalPages: 1 });
  });
});
