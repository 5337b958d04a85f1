import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { addDayDiscount, insertCoupon, newShopper, payableOutlet } from '../../test/factories.ts';
import { istMoment } from '../offers/rules.ts';
import { getBillInputSchema } from './schema.ts';
import { getBill } from './service.ts';

useTestDatabase();

let shopper: number;
let outlet: number;
const bill = (amount: string | number, extra: Record<string, unknown> = {}) =>
  getBill(shopper, getBillInputSchema.parse({ outletId: outlet, amount, ...extra }));

beforeEach(async () => {
  createTestApp();
  shopper = await newShopper();
  outlet = await payableOutlet({ basePercent: 10 });
});

describe('getBill', () => {
  it('applies the live offer, the fee and GST (₹1,000, base 10 %)', async () => {
    const b = await bill('1,000');
    expect(b).toMatchObject({
      outletId: outlet,
      outletName: 'Chai Point',
      billPaise: 100_000,
      belowMinimum: false,
      message: null,
      offer: { source: 'base', discountPercent: 10 },
      instantDiscountPaise: 10_000,
      coupon: null,
      shuffleDiscountPaise: 0,
      convenienceFeePaise: 900,
      gstPaise: 162,
      amountPaise: 91_062,
      shuffleRange: { minPercent: 2, maxPercent: 10 },
    });
  });

  it('below ₹50 applies no offer and no coupon, and says so', async () => {
    await insertCoupon(shopper, outlet, { percent: 8 });
    const b = await bill('49.99');
    expect(b).toMatchObject({
      billPaise: 4_999,
      belowMinimum: true,
      message: 'Minimum bill of ₹50 to apply any offer',
      offer: null,
      coupon: null,
      instantDiscountPaise: 0,
      shuffleDiscountPaise: 0,
    });
    expect(b.amountPaise).toBe(4_999 + b.convenienceFeePaise + b.gstPaise);
  });

  it('one offer wins by precedence: the day discount beats the base discount', async () => {
    await addDayDiscount(outlet, istMoment(new Date()).dayOfWeek, 15);
    const b = await bill(1000);
    expect(b.offer).toMatchObject({ source: 'day', discountPercent: 15 });
    expect(b.instantDiscountPaise).toBe(15_000);
  });

  it('applies the best live coupon on top, or the one asked for, or none', async () => {
    const five = await insertCoupon(shopper, outlet, { percent: 5 });
    const eight = await insertCoupon(shopper, outlet, { percent: 8 });
    await insertCoupon(shopper, outlet, { percent: 9, validUntil: new Date(Date.now() - 1_000) }); // expired
    await insertCoupon(shopper, outlet, { percent: 9.5, redeemedAt: new Date() }); // used
    const best = await bill(1000);
    expect(best.coupon).toMatchObject({ id: eight, discountPercent: 8 });
    expect(best.shuffleDiscountPaise).toBe(7_200); // 8 % of ₹900
    expect((await bill(1000, { couponId: five })).shuffleDiscountPaise).toBe(4_500);
    expect((await bill(1000, { couponId: null })).coupon).toBeNull();
  });

  it("refuses someone else's coupon, another outlet's coupon and a used one", async () => {
    const other = await newShopper('Ravi');
    const theirs = await insertCoupon(other, outlet);
    await expect(bill(1000, { couponId: theirs })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const elsewhere = await insertCoupon(shopper, await payableOutlet({ name: 'Dosa Hut' }));
    await expect(bill(1000, { couponId: elsewhere })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'This coupon is for another outlet.' });
    const used = await insertCoupon(shopper, outlet, { redeemedAt: new Date() });
    await expect(bill(1000, { couponId: used })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses an unknown outlet', async () => {
    await expect(getBill(shopper, getBillInputSchema.parse({ outletId: 999_999, amount: 100 }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads the amount exactly and validates it with clear messages', () => {
    expect(getBillInputSchema.parse({ outletId: 1, amount: '1,00,000.5' }).amount).toBe(10_000_050);
    expect(getBillInputSchema.parse({ outletId: 1, amount: 1234.56 }).amount).toBe(123_456);
    expect(getBillInputSchema.parse({ outletId: 1, amount: '₹ 1,000' }).amount).toBe(100_000);
    const bad = (amount: unknown) => getBillInputSchema.safeParse({ outletId: 1, amount }).error?.issues[0]?.message;
    expect(bad('')).toBe('Please enter the bill amount');
    expect(bad('12.345')).toBe('Enter the amount in rupees, with at most two decimals');
    expect(bad('-5')).toBe('Enter the amount in rupees, with at most two decimals');
    expect(bad('0.50')).toBe('The bill must be at least ₹1');
    expect(bad('1000001')).toBe('The bill can be at most ₹10,00,000');
  });
});
