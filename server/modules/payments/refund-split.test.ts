import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitRefund, type BookedBill } from './refund-split.ts';
import { roundShare } from '../bills/compute.ts';
import { PLATFORM_FEE_BPS } from '../bills/schema.ts';
import { proportionalShare } from '../settlements/compute.ts';

/** How an owner refund reverses a bill's entries (docs/payments.md, "Owner refunds"). */

const bills = fc
  .record({ subtotal: fc.integer({ min: 1, max: 100_000_000 }), fee: fc.integer({ min: 0, max: 5_000 }) })
  .map(({ subtotal, fee }): BookedBill => ({ subtotalPaise: subtotal, convenienceFeePaise: fee, gstPaise: roundShare(fee, 1_800) }));

/** Cuts `paid` into refunds (the last takes what is left). */
function cut(paid: number, cuts: number[]): number[] {
  const amounts: number[] = [];
  let left = paid;
  for (const c of cuts) {
    if (left <= 1) break;
    const a = Math.min(c, left - 1);
    amounts.push(a);
    left -= a;
  }
  amounts.push(left);
  return amounts;
}

describe('splitRefund', () => {
  it('the worked example: half of ₹910.62 returns half of the goods, the fee and its GST', () => {
    const bill = { subtotalPaise: 90_000, convenienceFeePaise: 900, gstPaise: 162 };
    const half = splitRefund(bill, { refundedPaise: 0 }, 45_531);
    expect(half).toEqual({ refund: 45_531, refundNetToOutlet: 44_325, refundPlatformFee: 675, refundConvenienceFee: 450, refundGst: 81, goods: 45_000 });
    const rest = splitRefund(bill, { refundedPaise: 45_531 }, 45_531);
    expect(rest).toEqual(half);
  });

  it('any refunds adding up to the payment reverse exactly what the bill booked; every part ≥ 0 and they add up', () => {
    fc.assert(
      fc.property(bills, fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 8 }), (bill, cuts) => {
        const paid = bill.subtotalPaise + bill.convenienceFeePaise + bill.gstPaise;
        let refunded = 0;
        const total = { net: 0, pf: 0, fee: 0, gst: 0 };
        for (const a of cut(paid, cuts)) {
          const s = splitRefund(bill, { refundedPaise: refunded }, a);
          for (const v of [s.refundNetToOutlet, s.refundPlatformFee, s.refundConvenienceFee, s.refundGst]) expect(v).toBeGreaterThanOrEqual(0);
          expect(s.refundNetToOutlet + s.refundPlatformFee + s.refundConvenienceFee + s.refundGst).toBe(a);
          expect(s.goods).toBe(s.refundNetToOutlet + s.refundPlatformFee);
          refunded += a;
          total.net += s.refundNetToOutlet;
          total.pf += s.refundPlatformFee;
          total.fee += s.refundConvenienceFee;
          total.gst += s.refundGst;
        }
        const platformFee = roundShare(bill.subtotalPaise, PLATFORM_FEE_BPS);
        expect(total).toEqual({ net: bill.subtotalPaise - platformFee, pf: platformFee, fee: bill.convenienceFeePaise, gst: bill.gstPaise });
      }),
      { numRuns: 2_000 },
    );
  });

  it('in proportion, like the Route transfer: the goods part of refunds adding up to R is the subtotal × R ÷ paid', () => {
    fc.assert(
      fc.property(bills, fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 5 }), (bill, cuts) => {
        const paid = bill.subtotalPaise + bill.convenienceFeePaise + bill.gstPaise;
        let refunded = 0;
        let goods = 0;
        for (const a of cut(paid, cuts).slice(0, -1)) {
          goods += splitRefund(bill, { refundedPaise: refunded }, a).goods;
          refunded += a;
          expect(goods).toBe(proportionalShare(bill.subtotalPaise, refunded, paid));
        }
      }),
    );
  });

  it('refuses more than is left', () => {
    const bill = { subtotalPaise: 1_000, convenienceFeePaise: 10, gstPaise: 2 };
    expect(() => splitRefund(bill, { refundedPaise: 1_000 }, 13)).toThrow(RangeError);
    expect(() => splitRefund(bill, { refundedPaise: 0 }, 0)).toThrow(RangeError);
  });
});
