import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { goldenKeyBalance } from '../referrals/service.ts';
import { giveGoldKeys, newShopper, payableOutlet } from '../../test/factories.ts';
import { saveShuffleInputSchema } from './schema.ts';
import { couponValidUntil, dealShuffle, drawShufflePercent, saveShuffle } from './service.ts';

useTestDatabase();

const NOW = new Date('2026-11-23T08:00:00Z'); // 13:30 IST
let shopper: number;
let outlet: number;
const save = (extra: Record<string, unknown> = {}) => saveShuffle(shopper, saveShuffleInputSchema.parse({ outletId: outlet, card: 1, ...extra }));

beforeEach(async () => {
  createTestApp({ now: () => NOW });
  shopper = await newShopper();
  outlet = await payableOutlet({ shuffleMin: 3, shuffleMax: 7, opensAt: '09:00', closesAt: '23:00' });
});

describe('drawShufflePercent', () => {
  it('never leaves the shown range and never deals a blank card (10,000 random ranges and draws)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (a, b, u) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          if (hi < 1) return; // a 0–0 range has no card to deal
          const v = drawShufflePercent(lo / 100, hi / 100, (n) => Math.floor(u * n));
          expect(v).toBeGreaterThanOrEqual(lo / 100);
          expect(v).toBeLessThanOrEqual(hi / 100);
          expect(v).toBeGreaterThan(0);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('draws whole percents from the CSPRNG across the whole range', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) seen.add(drawShufflePercent(2, 10));
    expect([...seen].sort((x, y) => x - y)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(drawShufflePercent(2.25, 2.75, () => 0)).toBe(2.25);
    expect(drawShufflePercent(2.25, 2.75, (n) => n - 1)).toBe(2.75);
  });
});

describe('couponValidUntil', () => {
  it("is the outlet's next closing time (IST), also past midnight", () => {
    expect(couponValidUntil('23:00:00', NOW).toISOString()).toBe('2026-11-23T17:30:00.000Z');
    const oneAm = new Date('2026-11-22T19:30:00Z'); // 01:00 IST on the 23rd
    expect(couponValidUntil('02:00:00', oneAm).toISOString()).toBe('2026-11-22T20:30:00.000Z');
  });
});

describe('shuffles', () => {
  it('deals the range and the face-down cards before the pick', async () => {
    expect(await dealShuffle(shopper, { outletId: outlet })).toMatchObject({
      outletId: outlet,
      minPercent: 3,
      maxPercent: 7,
      cardCount: 3,
      freeAvailable: true,
      goldKeys: 0,
      canShuffle: true,
    });
  });

  it('keeps the free shuffle as a live coupon valid until closing, drawn by the server whatever the request says', async () => {
    const saved = await save({ discount: 99, validity: '2099-01-01', isLive: 'false' });
    expect(saved.coupon.discountPercent).toBeGreaterThanOrEqual(3);
    expect(saved.coupon.discountPercent).toBeLessThanOrEqual(7);
    expect(saved.coupon).toMatchObject({ isLive: true, usedGoldenKey: false, validUntil: new Date('2026-11-23T17:30:00Z') });
    expect(saved.otherCards.map((c) => c.card)).toEqual([0, 2]);
    const row = await testDb()('coupons').where({ id: saved.coupon.id }).first();
    expect(row).toMatchObject({ consumerId: shopper, outletId: outlet, issuedOn: '2026-11-23', isLive: true });
    expect(Number(row!.discountPercent)).toBe(saved.coupon.discountPercent);
    expect(await dealShuffle(shopper, { outletId: outlet })).toMatchObject({ freeAvailable: false, canShuffle: false });
  });

  it('one free shuffle a day; then a Golden Key buys another, debited with the coupon; no key, no shuffle', async () => {
    await save();
    await expect(save()).rejects.toMatchObject({ code: 'CONFLICT', message: "You have used today's free shuffle at this outlet. Use a Golden Key to shuffle again." });
    await expect(save({ useGoldKey: true })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    expect(await testDb()('coupons').count({ n: '*' }).first()).toMatchObject({ n: 1 });
    await giveGoldKeys(shopper, 2);
    const paid = await save({ useGoldKey: 'true' });
    expect(paid.coupon.usedGoldenKey).toBe(true);
    expect(paid.goldKeys).toBe(1);
    const debit = await testDb()('goldenKeyLedger').where({ consumerId: shopper, reason: 'shuffle_purchase' });
    expect(debit).toHaveLength(1);
    expect(debit[0]).toMatchObject({ delta: -1, couponId: paid.coupon.id });
  });

  it('never spends a key while the free shuffle is unused', async () => {
    await giveGoldKeys(shopper, 1);
    const saved = await save({ useGoldKey: true });
    expect(saved.coupon.usedGoldenKey).toBe(false);
    expect(await goldenKeyBalance(shopper)).toBe(1);
  });

  it('spends one Golden Key once under concurrency (10 requests, 1 key)', async () => {
    await save();
    await giveGoldKeys(shopper, 1);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => save({ useGoldKey: true })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await goldenKeyBalance(shopper)).toBe(0);
    expect(await testDb()('coupons').where({ consumerId: shopper, usedGoldenKey: true }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('the next IST day brings a new free shuffle', async () => {
    await save();
    createTestApp({ now: () => new Date('2026-11-23T18:31:00Z') }); // 00:01 IST on the 24th
    const next = await save();
    expect(next.coupon.usedGoldenKey).toBe(false);
  });
});
