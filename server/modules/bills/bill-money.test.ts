import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { istMoment, liveOfferAt, type OfferInputs, type SlotInput } from '../offers/rules.ts';
import { computeBill, roundShare, toBps } from '../orders/money.ts';
import { MAXIMUM_BILL_PAISE, MINIMUM_BILL_PAISE, type FeeConfig } from './schema.ts';

const RUNS = 10_000;

/** A percent with at most two decimals, 0 … 100. */
const percent = fc.integer({ min: 0, max: 10_000 }).map((bps) => bps / 100);
const billPaise = fc.oneof(
  fc.integer({ min: 0, max: MAXIMUM_BILL_PAISE }),
  fc.integer({ min: 0, max: 20_000 }), // around the ₹50 threshold, often
);
const fees: fc.Arbitrary<FeeConfig> = fc.record({
  convenienceFeeBps: fc.integer({ min: 0, max: 1_000 }),
  convenienceFeeMaxPaise: fc.integer({ min: 0, max: 100_000 }),
  gstBps: fc.integer({ min: 0, max: 2_800 }),
});

describe('roundShare (the one rounding rule: half up to a paisa)', () => {
  it('rounds exactly', () => {
    expect(roundShare(1_000, 1_250)).toBe(125); // 12.5 % of ₹10
    expect(roundShare(1, 5_000)).toBe(1); // 0.5 paise → 1
    expect(roundShare(1, 4_999)).toBe(0);
    expect(roundShare(333, 5_000)).toBe(167); // 166.5 → 167
    expect(roundShare(100_000_000, 10_000)).toBe(100_000_000);
    expect(toBps(12.34)).toBe(1_234);
  });
});

describe('computeBill (property tests)', () => {
  it(`bill − discounts + fee + GST = amount, nothing negative, for ${RUNS} random bills`, () => {
    fc.assert(
      fc.property(billPaise, percent, percent, fees, (bill, instant, shuffle, f) => {
        const b = computeBill({ billPaise: bill, instantDiscountPercent: instant, shuffleDiscountPercent: shuffle, fees: f });
        expect(b.amountPaise).toBe(b.billPaise - b.instantDiscountPaise - b.shuffleDiscountPaise + b.convenienceFeePaise + b.gstPaise);
        expect(b.discountPaise).toBe(b.instantDiscountPaise + b.shuffleDiscountPaise);
        expect(b.subtotalPaise).toBe(bill - b.discountPaise);
        expect(b.netToOutletPaise + b.platformFeePaise + b.platformFeeGstPaise).toBe(b.subtotalPaise);
        for (const v of [
          b.instantDiscountPaise,
          b.shuffleDiscountPaise,
          b.subtotalPaise,
          b.convenienceFeePaise,
          b.gstPaise,
          b.amountPaise,
          b.platformFeePaise,
          b.platformFeeGstPaise,
          b.netToOutletPaise,
        ]) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(b.discountPaise).toBeLessThanOrEqual(bill);
        expect(b.convenienceFeePaise).toBeLessThanOrEqual(f.convenienceFeeMaxPaise);
        // The documented rule, step by step.
        if (!b.belowMinimum) {
          expect(b.instantDiscountPaise).toBe(roundShare(bill, toBps(instant)));
          expect(b.shuffleDiscountPaise).toBe(roundShare(bill - b.instantDiscountPaise, toBps(shuffle)));
        }
        expect(b.convenienceFeePaise).toBe(Math.min(roundShare(b.subtotalPaise, f.convenienceFeeBps), f.convenienceFeeMaxPaise));
        expect(b.gstPaise).toBe(roundShare(b.convenienceFeePaise, f.gstBps));
        expect(b.platformFeePaise).toBe(roundShare(b.subtotalPaise, 150));
      }),
      { numRuns: RUNS },
    );
  });

  it(`below ₹50 no offer and no coupon applies (${RUNS} random bills)`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MINIMUM_BILL_PAISE - 1 }), percent, percent, fees, (bill, instant, shuffle, f) => {
        const b = computeBill({ billPaise: bill, instantDiscountPercent: instant, shuffleDiscountPercent: shuffle, fees: f });
        expect(b.belowMinimum).toBe(true);
        expect(b.instantDiscountPaise).toBe(0);
        expect(b.shuffleDiscountPaise).toBe(0);
        expect(b.instantDiscountPercent).toBe(0);
        expect(b.shuffleDiscountPercent).toBe(0);
        expect(b.subtotalPaise).toBe(bill);
      }),
      { numRuns: RUNS },
    );
    const at50 = computeBill({ billPaise: MINIMUM_BILL_PAISE, instantDiscountPercent: 10, shuffleDiscountPercent: 0, fees: { convenienceFeeBps: 0, convenienceFeeMaxPaise: 0, gstBps: 0 } });
    expect(at50).toMatchObject({ belowMinimum: false, instantDiscountPaise: 500, amountPaise: 4_500 });
  });

  it('a worked example: ₹1,000 with 10 % off, a 5 % coupon, 1 % fee (cap ₹50) and 18 % GST', () => {
    const b = computeBill({
      billPaise: 100_000,
      instantDiscountPercent: 10,
      shuffleDiscountPercent: 5,
      fees: { convenienceFeeBps: 100, convenienceFeeMaxPaise: 5_000, gstBps: 1_800 },
    });
    expect(b).toMatchObject({
      instantDiscountPaise: 10_000,
      shuffleDiscountPaise: 4_500,
      subtotalPaise: 85_500,
      convenienceFeePaise: 855,
      gstPaise: 154, // 153.9 → 154
      amountPaise: 86_509,
      platformFeePaise: 1_283, // 1282.5 → 1283
      platformFeeGstPaise: 231, // 230.94 → 231
      netToOutletPaise: 84_217 - 231, // the payout: subtotal − platform fee − its GST
    });
  });
});

// ---- precedence: the instant discount is the one offer the offers module picks, never a sum ----

const NOW = new Date('2026-11-23T08:00:00Z'); // Monday 13:30 IST
const TODAY = istMoment(NOW).date;
const DOW = istMoment(NOW).dayOfWeek;

const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const slotArb = (id: number): fc.Arbitrary<SlotInput> =>
  fc
    .record({
      adType: fc.constantFrom('R' as const, 'D' as const, 'E' as const),
      start: fc.integer({ min: 0, max: 1_380 }),
      length: fc.integer({ min: 15, max: 600 }),
      pct: fc.integer({ min: 0, max: 6_000 }).map((b) => b / 100),
      onToday: fc.boolean(),
    })
    .map(({ adType, start, length, pct, onToday }) => ({
      id,
      adType,
      dayOfWeek: adType === 'E' ? null : onToday ? DOW : (DOW % 7) + 1,
      slotDate: adType === 'E' ? (onToday ? TODAY : '2026-11-24') : null,
      startsAt: time(start),
      endsAt: time(Math.min(start + length, 1_439)),
      discountPercent: pct,
      isEnabled: true,
      promotion: { id, title: `Offer ${id}`, description: null, discountPercent: pct, startsOn: null, endsOn: null, isEnabled: true },
      event: adType === 'E' ? { id, name: 'EVENT OFFERS', colorHash: '#ff6600', eventDate: onToday ? TODAY : '2026-11-24', isEnabled: true } : null,
    }));

const inputsArb: fc.Arbitrary<OfferInputs> = fc
  .record({
    base: fc.option(fc.record({ discountPercent: fc.integer({ min: 0, max: 5_000 }).map((b) => b / 100), isLive: fc.boolean() })),
    day: fc.option(fc.record({ discountPercent: fc.integer({ min: 0, max: 5_000 }).map((b) => b / 100), isActive: fc.boolean(), today: fc.boolean() })),
    slotCount: fc.integer({ min: 0, max: 5 }),
    seed: fc.integer(),
  })
  .chain(({ base, day, slotCount }) =>
    fc.tuple(...Array.from({ length: slotCount }, (_, i) => slotArb(i + 1))).map((slots) => ({
      outletId: 1,
      base,
      dayDiscounts: day ? [{ dayOfWeek: day.today ? DOW : (DOW % 7) + 1, discountPercent: day.discountPercent, isActive: day.isActive }] : [],
      slots,
    })),
  );

/** An independent oracle of docs/offers.md's precedence: the first level with a running offer, its highest percent. */
function expectedPercent(inputs: OfferInputs): number {
  const minutes = istMoment(NOW).minutes;
  const running = (t: 'E' | 'D' | 'R') =>
    inputs.slots
      .filter((s) => s.adType === t && (s.discountPercent ?? 0) > 0)
      .filter((s) => (t === 'E' ? s.slotDate === TODAY : s.dayOfWeek === DOW))
      .filter((s) => {
        const [sh, sm] = s.startsAt.split(':').map(Number);
        const [eh, em] = s.endsAt.split(':').map(Number);
        return minutes >= sh! * 60 + sm! && minutes < eh! * 60 + em!;
      })
      .map((s) => s.discountPercent!);
  for (const level of [running('E'), running('D'), running('R')]) if (level.length) return Math.max(...level);
  const day = inputs.dayDiscounts.filter((d) => d.isActive && d.dayOfWeek === DOW && d.discountPercent > 0).map((d) => d.discountPercent);
  if (day.length) return Math.max(...day);
  return inputs.base?.isLive && inputs.base.discountPercent > 0 ? inputs.base.discountPercent : 0;
}

describe('the instant discount follows the offers precedence', () => {
  it(`one offer wins by precedence, never a sum (${RUNS} random offer sets and bills)`, () => {
    fc.assert(
      fc.property(inputsArb, fc.integer({ min: MINIMUM_BILL_PAISE, max: MAXIMUM_BILL_PAISE }), fees, (inputs, bill, f) => {
        const offer = liveOfferAt(inputs, NOW);
        const b = computeBill({ billPaise: bill, instantDiscountPercent: offer?.discountPercent ?? 0, shuffleDiscountPercent: 0, fees: f });
        const want = expectedPercent(inputs);
        expect(b.instantDiscountPercent).toBe(want);
        expect(b.instantDiscountPaise).toBe(roundShare(bill, toBps(want)));
        expect(b.amountPaise).toBe(bill - b.instantDiscountPaise + b.convenienceFeePaise + b.gstPaise);
      }),
      { numRuns: RUNS },
    );
  });
});
