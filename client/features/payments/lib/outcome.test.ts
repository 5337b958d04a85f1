import { describe, expect, it } from 'vitest';
import { refundLabel } from '@client/lib/refunds';
import { describeOutcome, nothingCharged } from './outcome';

const base = { amountPaise: 910_62, outletName: 'Kaapi Katte', failureReason: null, coupon: null, refunds: [] };
const refund = (status: 'pending' | 'processed' | 'failed', amountPaise = 910_62) => ({
  amountPaise,
  status,
  reason: 'The payment arrived after this checkout had expired.',
  byOutlet: false,
  createdAt: new Date(),
  processedAt: status === 'processed' ? new Date() : null,
});

describe('describeOutcome: what /payment-failure says', () => {
  it('never says nothing was taken when money is being refunded, whatever the order state', () => {
    for (const status of ['failed', 'expired', 'cancelled', 'created'] as const) {
      for (const s of ['pending', 'processed', 'failed'] as const) {
        const o = describeOutcome({ ...base, status, refunds: [refund(s)] });
        expect(o.tone).toBe('refund');
        expect(o.money).not.toBe(nothingCharged());
        expect(o.refunds).toHaveLength(1);
      }
    }
  });

  it('names the refund state in the heading and the label', () => {
    expect(describeOutcome({ ...base, status: 'expired', refunds: [refund('processed')] })).toMatchObject({
      heading: 'Your payment was refunded',
      money: 'We have returned ₹910.62 to you.',
      refunds: [{ label: 'Refunded ₹910.62' }],
    });
    expect(describeOutcome({ ...base, status: 'failed', refunds: [refund('pending')] }).heading).toBe('We are refunding your payment');
    expect(describeOutcome({ ...base, status: 'failed', refunds: [refund('failed')] })).toMatchObject({
      heading: 'Your refund is delayed',
      money: 'We owe you a refund and are retrying it.',
    });
    expect(refundLabel({ amountPaise: 100_00, status: 'failed' })).toBe('Refund of ₹100.00 delayed · we are on it');
  });

  it('the coupon line follows the coupon’s real state (and is absent without a coupon)', () => {
    const line = (state: 'available' | 'used' | 'expired') =>
      describeOutcome({ ...base, status: 'failed', coupon: { code: 'C', discountPercent: 7.5, state } }).coupon;
    expect(line('available')).toBe('Your 7.5% Shuffle coupon is still yours to use.');
    expect(line('used')).toBe('Your Shuffle coupon was used on another payment, so it is no longer available.');
    expect(line('expired')).toBe('Your Shuffle coupon has expired.');
    expect(describeOutcome({ ...base, status: 'failed' }).coupon).toBeNull();
  });

  it('a decline, an expiry and an unfinished payment read differently', () => {
    expect(describeOutcome({ ...base, status: 'failed', failureReason: 'Your bank declined the payment.' })).toMatchObject({
      tone: 'fail',
      heading: 'Payment failed',
      money: nothingCharged(),
      reason: 'Your bank declined the payment.',
    });
    expect(describeOutcome({ ...base, status: 'expired' })).toMatchObject({ tone: 'neutral', heading: 'This checkout expired', retryLabel: 'Start again' });
    expect(describeOutcome({ ...base, status: 'created' })).toMatchObject({ tone: 'neutral', heading: 'Payment not completed' });
  });
});
