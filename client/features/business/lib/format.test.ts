import { describe, expect, it } from 'vitest';
import { niceMax } from '../components/revenue-chart';
import { formatRupees as formatPaise, formatRupeesCompact as formatPaiseShort, formatSlotTime as formatTime } from '@client/lib/format';

describe('money and time for owners', () => {
  it('formats paise in rupees with Indian grouping, and short axis labels in K, L and Cr', () => {
    expect(formatPaise(123456789)).toBe('₹12,34,567.89');
    expect(formatPaise(100000)).toBe('₹1,000');
    expect(formatPaise(66240)).toBe('₹662.40');
    expect(formatPaiseShort(95000)).toBe('₹950');
    expect(formatPaiseShort(120000)).toBe('₹1.2K');
    expect(formatPaiseShort(34000000)).toBe('₹3.4L');
    expect(formatPaiseShort(1100000000)).toBe('₹1.1Cr');
  });

  it('reads slot times as a 12-hour clock, with 24:00 as midnight', () => {
    expect(formatTime('00:30')).toBe('12:30 am');
    expect(formatTime('12:00')).toBe('12:00 pm');
    expect(formatTime('18:45')).toBe('6:45 pm');
    expect(formatTime('24:00')).toBe('midnight');
  });
});

describe('niceMax (revenue chart axis)', () => {
  it('rounds up to four even, readable steps', () => {
    expect(niceMax(0)).toBe(4);
    expect(niceMax(100000)).toBe(100000);
    expect(niceMax(123456)).toBe(200000);
    expect(niceMax(730000)).toBe(800000);
  });
});

describe('fillDays (revenue chart)', () => {
  it('draws every day of the span, days without bills as zero', async () => {
    const { fillDays } = await import('../components/revenue-chart');
    const day = { ordersCount: 1, couponsCount: 0, billPaise: 100000, discountPaise: 0, feePaise: 0, netPaise: 90000 };
    const filled = fillDays([{ day: '2026-11-20', ...day }], '2026-11-18', '2026-11-21');
    expect(filled.map((d) => [d.day, d.billPaise])).toEqual([
      ['2026-11-18', 0],
      ['2026-11-19', 0],
      ['2026-11-20', 100000],
      ['2026-11-21', 0],
    ]);
  });
});
