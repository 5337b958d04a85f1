import { describe, expect, it } from 'vitest';
import { distanceText, istDay, istTime, groupExpiredText, paymentAlertText, refundText, rupees, settlementSummaryText, validUntilText } from './messages.ts';

const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

describe('notification words in English and Hindi (issue 28)', () => {
  it('says today and tomorrow by the India day, not the server’s', () => {
    // 17:28 IST on 28 Nov; a coupon valid until 01:00 the next morning is "tomorrow", never "today".
    const now = ist('2026-11-28', '17:28');
    expect(validUntilText(ist('2026-11-29', '01:00'), now)).toBe('1:00 am tomorrow');
    expect(validUntilText(ist('2026-11-29', '01:00'), now, 'hi')).toBe('कल 1:00 am');
    expect(validUntilText(ist('2026-11-28', '23:30'), now)).toBe('11:30 pm today');
    expect(validUntilText(ist('2026-11-28', '23:30'), now, 'hi')).toBe('आज 11:30 pm');
    expect(validUntilText(ist('2026-11-30', '13:05'), now)).toBe('30 Nov, 1:05 pm');
    expect(validUntilText(ist('2026-11-30', '13:05'), now, 'hi')).toMatch(/^30 नव॰?, 1:05 pm$/);
    // 23:50 IST is 18:20 UTC: the same UTC date as 00:10 IST the next day, but another India day.
    expect(validUntilText(ist('2026-11-29', '00:10'), ist('2026-11-28', '23:50'))).toBe('12:10 am tomorrow');
  });

  it('writes money, times, days and distances by Intl hi-IN', () => {
    expect(rupees(123_450, 'hi')).toBe(new Intl.NumberFormat('hi-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(1234.5));
    expect(istTime(ist('2026-11-28', '17:32'), 'hi')).toBe('5:32 pm');
    expect(istDay(ist('2026-11-28', '12:00'), 'hi')).toMatch(/^28 नव/);
    expect(distanceText(450, 'hi')).toBe('500 मीटर');
    expect(distanceText(1_240, 'en')).toBe('1.2 km');
    expect(refundText(5_000, 'Chai Point', 'hi').title).toBe('₹50.00 का रिफ़ंड आ रहा है');
    const summary = settlementSummaryText(
      { from: ist('2026-11-16', '00:00'), to: ist('2026-11-22', '00:00'), totalPaise: 89_000, settledPaise: 89_000, bills: 4, outlets: 1 },
      'hi',
    );
    expect(summary.body).toBe('1 आउटलेट के 4 बिलों से ₹890.00: ₹890.00 आपके बैंक खाते में, ₹0.00 रास्ते में।');
  });
});

describe("owners' payment alert (issue 30)", () => {
  it('"₹… received on Bachat", in Hindi "Bachat पर ₹… प्राप्त हुए", with the table when there is one; money by the one helper', () => {
    const f = { amountPaise: 45_000, tableNumber: null, outletName: 'Chai Point', receiptCode: 'BCH-ABCDEFGH' };
    expect(paymentAlertText(f, 'en')).toEqual({ title: `${rupees(45_000)} received on Bachat`, body: 'Chai Point · Receipt BCH-ABCDEFGH' });
    expect(paymentAlertText(f, 'en').title).toBe('₹450.00 received on Bachat');
    expect(paymentAlertText(f, 'hi')).toEqual({ title: `Bachat पर ${rupees(45_000, 'hi')} प्राप्त हुए`, body: 'Chai Point · रसीद BCH-ABCDEFGH' });
    expect(paymentAlertText({ ...f, tableNumber: 7 }, 'en').title).toBe('₹450.00 received on Bachat · Table 7');
    expect(paymentAlertText({ ...f, tableNumber: 7 }, 'hi').title).toBe(`Bachat पर ${rupees(45_000, 'hi')} प्राप्त हुए · टेबल 7`);
    expect(paymentAlertText({ ...f, receiptCode: null }, 'en').body).toBe('Chai Point');
  });
});

describe('a group bill that closed unpaid (issue 32)', () => {
  it('says how many shares were paid, that they go back, and so does a payment still on its way; in Hindi too', () => {
    const none = groupExpiredText({ outletName: 'Chai Point', paidShares: 0, shares: 4 }, 'en');
    expect(none).toEqual({ title: 'Your group bill at Chai Point has closed', body: 'Time ran out before any of the 4 shares was paid. A payment still on its way is refunded in full.' });
    expect(groupExpiredText({ outletName: 'Chai Point', paidShares: 2, shares: 4 }, 'en').body).toBe(
      'Time ran out with 2 of 4 shares paid. Every share paid is refunded in full, and so is a payment still on its way.',
    );
    const hi = groupExpiredText({ outletName: 'Chai Point', paidShares: 2, shares: 4 }, 'hi');
    expect(hi.title).toBe('Chai Point का ग्रुप बिल बंद हो गया');
    expect(hi.body).toContain('4 में से 2 हिस्से');
  });
});
