import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAXIMUM_BILL_PAISE, MINIMUM_BILL_PAISE } from '../bills/schema.ts';
import {
  checkoutTimeoutSeconds,
  computeBill,
  isOrderExpired,
  netOfRefunds,
  orderMoney,
  proportionalShare,
  refundedParts,
  roundShare,
  splitGroupBill,
  splitRefund,
  GROUP_MAX_PEOPLE,
  type GroupShareMoney,
  type OrderMoney,
} from './money.ts';

/** An order's money in one place (docs/payments.md "Money rules"): every figure and every refund's split. */

const RUNS = 3_000;

const orders: fc.Arbitrary<OrderMoney> = fc
  .record({
    bill: fc.oneof(fc.integer({ min: 100, max: MAXIMUM_BILL_PAISE }), fc.integer({ min: 100, max: 20_000 })),
    instant: fc.integer({ min: 0, max: 10_000 }),
    shuffle: fc.integer({ min: 0, max: 10_000 }),
    feeBps: fc.integer({ min: 0, max: 1_000 }),
    feeMax: fc.integer({ min: 0, max: 100_000 }),
    gstBps: fc.integer({ min: 0, max: 2_800 }),
  })
  .map(({ bill, instant, shuffle, feeBps, feeMax, gstBps }) => {
    const b = computeBill({
      billPaise: bill,
      instantDiscountPercent: instant / 100,
      shuffleDiscountPercent: shuffle / 100,
      fees: { convenienceFeeBps: feeBps, convenienceFeeMaxPaise: feeMax, gstBps },
    });
    return orderMoney({ ...b, gstPaise: b.gstPaise }, gstBps);
  })
  .filter((m) => m.amountPaise > 0);

/** Cuts `paid` into refunds (the last, when `whole`, takes what is left). */
function cut(paid: number, cuts: number[], whole: boolean): number[] {
  const amounts: number[] = [];
  let left = paid;
  for (const c of cuts) {
    if (left <= 1) break;
    const a = Math.min(c, left - 1);
    amounts.push(a);
    left -= a;
  }
  if (whole) amounts.push(left);
  return amounts;
}

const PARTS = ['payoutPaise', 'platformFeePaise', 'platformFeeGstPaise', 'convenienceFeePaise', 'convenienceFeeGstPaise'] as const;

describe('orderMoney', () => {
  it('the worked example: ₹1,000 with 10 % off → paid ₹910.62, payout ₹884.07', () => {
    const m = orderMoney({ billPaise: 100_000, instantDiscountPaise: 10_000, shuffleDiscountPaise: 0, convenienceFeePaise: 900, gstPaise: 162 }, 1_800);
    expect(m).toEqual({
      billPaise: 100_000,
      instantDiscountPaise: 10_000,
      shuffleDiscountPaise: 0,
      discountPaise: 10_000,
      subtotalPaise: 90_000,
      convenienceFeePaise: 900,
      convenienceFeeGstPaise: 162,
      amountPaise: 91_062,
      platformFeePaise: 1_350,
      platformFeeGstPaise: 243,
      payoutPaise: 88_407,
    });
  });

  it(`every figure adds up exactly and none is negative (${RUNS} random bills)`, () => {
    fc.assert(
      fc.property(orders, (m) => {
        expect(m.subtotalPaise).toBe(m.billPaise - m.instantDiscountPaise - m.shuffleDiscountPaise);
        expect(m.amountPaise).toBe(m.subtotalPaise + m.convenienceFeePaise + m.convenienceFeeGstPaise);
        expect(m.payoutPaise + m.platformFeePaise + m.platformFeeGstPaise).toBe(m.subtotalPaise);
        expect(m.platformFeePaise).toBe(roundShare(m.subtotalPaise, 150));
        for (const v of Object.values(m)) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('splitRefund', () => {
  it('the worked example: half of ₹910.62 returns half of the goods, the fees and their GST', () => {
    const m = orderMoney({ billPaise: 100_000, instantDiscountPaise: 10_000, shuffleDiscountPaise: 0, convenienceFeePaise: 900, gstPaise: 162 }, 1_800);
    const half = splitRefund(m, 0, 45_531);
    expect(half).toEqual({
      refundPaise: 45_531,
      goodsPaise: 45_000,
      payoutPaise: 44_203,
      platformFeePaise: 675,
      platformFeeGstPaise: 122,
      convenienceFeePaise: 450,
      convenienceFeeGstPaise: 81,
    });
    const rest = splitRefund(m, 45_531, 45_531);
    expect(rest.payoutPaise + half.payoutPaise).toBe(m.payoutPaise);
    expect(rest.platformFeeGstPaise + half.platformFeeGstPaise).toBe(243);
  });

  it(`any refund sequence: each split adds up, nothing negative, never above what was paid; a full refund reverses every figure (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(orders, fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 0, maxLength: 8 }), fc.boolean(), (m, cuts, whole) => {
        let refunded = 0;
        const total = { goodsPaise: 0, payoutPaise: 0, platformFeePaise: 0, platformFeeGstPaise: 0, convenienceFeePaise: 0, convenienceFeeGstPaise: 0 };
        for (const a of cut(m.amountPaise, cuts, whole)) {
          const s = splitRefund(m, refunded, a);
          for (const k of PARTS) expect(s[k]).toBeGreaterThanOrEqual(0);
          expect(PARTS.reduce((sum, k) => sum + s[k], 0)).toBe(a);
          expect(s.goodsPaise).toBe(s.payoutPaise + s.platformFeePaise + s.platformFeeGstPaise);
          refunded += a;
          for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += s[k];
          // Cumulative: the splits so far are what one refund of their sum would give.
          expect(total).toEqual(refundedParts(m, refunded));
          // The goods part is in proportion to what was paid.
          expect(total.goodsPaise).toBe(proportionalShare(m.subtotalPaise, refunded, m.amountPaise));
          // What is left is never negative.
          for (const v of Object.values(netOfRefunds(m, refunded))) expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(refunded).toBeLessThanOrEqual(m.amountPaise);
        // Nothing more than what was paid can be refunded.
        expect(() => splitRefund(m, refunded, m.amountPaise - refunded + 1)).toThrow(RangeError);
        if (whole) {
          expect(total).toEqual({
            goodsPaise: m.subtotalPaise,
            payoutPaise: m.payoutPaise,
            platformFeePaise: m.platformFeePaise,
            platformFeeGstPaise: m.platformFeeGstPaise,
            convenienceFeePaise: m.convenienceFeePaise,
            convenienceFeeGstPaise: m.convenienceFeeGstPaise,
          });
          expect(netOfRefunds(m, refunded)).toEqual({ goodsPaise: 0, payoutPaise: 0, platformFeePaise: 0, platformFeeGstPaise: 0, convenienceFeePaise: 0, convenienceFeeGstPaise: 0 });
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses a refund of nothing, a fraction, or more than is left', () => {
    const m = orderMoney({ billPaise: 1_000, instantDiscountPaise: 0, shuffleDiscountPaise: 0, convenienceFeePaise: 10, gstPaise: 2 }, 1_800);
    expect(() => splitRefund(m, 1_000, 13)).toThrow(RangeError);
    expect(() => splitRefund(m, 0, 0)).toThrow(RangeError);
    expect(() => splitRefund(m, 0, 1.5)).toThrow(RangeError);
    expect(() => splitRefund(m, -1, 10)).toThrow(RangeError);
  });
});

describe('expiry', () => {
  const expiresAt = new Date('2026-11-28T10:15:00Z');
  it('a created or failed order is expired from its expiry on; a paid one never', () => {
    expect(isOrderExpired({ status: 'created', expiresAt }, new Date('2026-11-28T10:14:59Z'))).toBe(false);
    expect(isOrderExpired({ status: 'created', expiresAt }, expiresAt)).toBe(true);
    expect(isOrderExpired({ status: 'failed', expiresAt }, expiresAt)).toBe(true);
    expect(isOrderExpired({ status: 'paid', expiresAt }, new Date('2026-11-29T00:00:00Z'))).toBe(false);
  });
  it('the checkout closes when the order expires', () => {
    expect(checkoutTimeoutSeconds(expiresAt, new Date('2026-11-28T10:00:00Z'))).toBe(900);
    expect(checkoutTimeoutSeconds(expiresAt, new Date('2026-11-28T10:20:00Z'))).toBe(1);
  });
});

describe('splitGroupBill (group pay)', () => {
  it('the worked example: ₹2,400 among 4 with 10 % off → ₹2,160, four shares of ₹540', () => {
    const split = splitGroupBill({ billPaise: 240_000, instantDiscountPercent: 10, people: 4 });
    expect(split).toEqual({
      billPaise: 240_000,
      instantDiscountPercent: 10,
      instantDiscountPaise: 24_000,
      totalPaise: 216_000,
      shares: Array.from({ length: 4 }, () => ({ billPaise: 60_000, instantDiscountPaise: 6_000, sharePaise: 54_000 })),
    });
  });

  it('rounding goes to the host: ₹1,000.01 among 3 with 12.5 % off', () => {
    const split = splitGroupBill({ billPaise: 100_001, instantDiscountPercent: 12.5, people: 3 });
    if ('error' in split) throw new Error(split.error);
    expect(split.instantDiscountPaise).toBe(12_500);
    expect(split.shares.slice(1)).toEqual([
      { billPaise: 33_333, instantDiscountPaise: 4_166, sharePaise: 29_167 },
      { billPaise: 33_333, instantDiscountPaise: 4_166, sharePaise: 29_167 },
    ]);
    expect(split.shares[0]).toEqual({ billPaise: 33_335, instantDiscountPaise: 4_168, sharePaise: 29_167 });
  });

  it('says why a split cannot be made', () => {
    expect(splitGroupBill({ billPaise: 10_000, instantDiscountPercent: 0, people: 1 })).toEqual({ error: 'too_few' });
    expect(splitGroupBill({ billPaise: 10_000_000, instantDiscountPercent: 0, people: GROUP_MAX_PEOPLE + 1 })).toEqual({ error: 'too_many' });
    expect(splitGroupBill({ billPaise: 10_000, instantDiscountPercent: 0, parts: [5_000, 4_000] })).toEqual({ error: 'parts_do_not_add_up' });
    expect(splitGroupBill({ billPaise: 10_000, instantDiscountPercent: 10, people: 2 })).toEqual({ error: 'share_below_minimum' });
    expect(splitGroupBill({ billPaise: 20_000, instantDiscountPercent: 10, parts: [15_100, 4_900] })).toEqual({ error: 'share_below_minimum' });
  });

  it(`every split adds up exactly, nothing negative, every share at least the minimum bill (${RUNS} random groups)`, () => {
    const groups = fc.oneof(
      fc.record({ billPaise: fc.integer({ min: 100, max: MAXIMUM_BILL_PAISE }), bps: fc.integer({ min: 0, max: 9_000 }), people: fc.integer({ min: 2, max: GROUP_MAX_PEOPLE }) }),
      fc
        .record({ parts: fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 2, maxLength: GROUP_MAX_PEOPLE }), bps: fc.integer({ min: 0, max: 9_000 }) })
        .map(({ parts, bps }) => ({ billPaise: parts.reduce((a, b) => a + b, 0), bps, parts })),
    );
    fc.assert(
      fc.property(groups, (g) => {
        const input = 'parts' in g ? { billPaise: g.billPaise, instantDiscountPercent: g.bps / 100, parts: g.parts } : { billPaise: g.billPaise, instantDiscountPercent: g.bps / 100, people: g.people };
        const split = splitGroupBill(input);
        if ('error' in split) {
          expect(split.error).toBe('share_below_minimum');
          return;
        }
        const whole = computeBill({ billPaise: g.billPaise, instantDiscountPercent: g.bps / 100, shuffleDiscountPercent: 0, fees: { convenienceFeeBps: 0, convenienceFeeMaxPaise: 0, gstBps: 0 } });
        expect(split.instantDiscountPaise).toBe(whole.instantDiscountPaise);
        expect(split.totalPaise).toBe(g.billPaise - whole.instantDiscountPaise);
        const shares = split.shares;
        const sum = (f: (s: GroupShareMoney) => number) => shares.reduce((a, s) => a + f(s), 0);
        expect(sum((s) => s.billPaise)).toBe(g.billPaise);
        expect(sum((s) => s.instantDiscountPaise)).toBe(split.instantDiscountPaise);
        expect(sum((s) => s.sharePaise)).toBe(split.totalPaise);
        for (const s of split.shares) {
          expect(s.instantDiscountPaise).toBeGreaterThanOrEqual(0);
          expect(s.sharePaise).toBe(s.billPaise - s.instantDiscountPaise);
          expect(s.sharePaise).toBeGreaterThanOrEqual(MINIMUM_BILL_PAISE);
        }
        if ('parts' in g) expect(split.shares.map((s) => s.billPaise)).toEqual(g.parts);
        // A share's order is an ordinary bill with its part of the discount fixed: its money adds up.
        for (const s of split.shares) {
          const bill = computeBill({ billPaise: s.billPaise, instantDiscountPercent: g.bps / 100, instantDiscountPaise: s.instantDiscountPaise, shuffleDiscountPercent: 5, fees: { convenienceFeeBps: 100, convenienceFeeMaxPaise: 5_000, gstBps: 1_800 } });
          expect(bill.subtotalPaise).toBe(s.sharePaise - bill.shuffleDiscountPaise);
          expect(bill.amountPaise).toBe(bill.subtotalPaise + bill.convenienceFeePaise + bill.gstPaise);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
