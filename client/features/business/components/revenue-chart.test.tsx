import { describe, expect, it } from 'vitest';
import { niceMax } from './revenue-chart';

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
    const { fillDays } = await import('./revenue-chart');
    const day = { ordersCount: 1, couponsCount: 0, billPaise: 100000, discountPaise: 0, feePaise: 0, netPaise: 90000, feeGstPaise: 0, payoutPaise: 90000, refundsCount: 0, refundPaise: 0 };
    const filled = fillDays([{ day: '2026-11-20', ...day }], '2026-11-18', '2026-11-21');
    expect(filled.map((d) => [d.day, d.billPaise])).toEqual([
      ['2026-11-18', 0],
      ['2026-11-19', 0],
      ['2026-11-20', 100000],
      ['2026-11-21', 0],
    ]);
  });
});
