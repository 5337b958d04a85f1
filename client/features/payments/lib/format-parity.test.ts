import { describe, expect, it } from 'vitest';
import * as shared from '@client/lib/format';
import * as history from '@client/features/history/lib/format';
import * as payTime from './format-time';
import * as money from './money';

// Issue 13: the payments and history copies of the formatters against @client/lib/format, before the copies go.
const PAISE = [0, 1, 5, 50, 99, 100, 101, 4999, 75_885, 1_000_00, 1_00_000_00, 1_23_45_678_00, 1_23_45_678_99, -50, -100, -75_885];
const PERCENTS = [0, 1, 10, 12.5, 7.25, 0.1, 0.05, 1.005, 2.999, 33.333, 99.99, 100, -1.5];
const MOMENTS = [
  '2026-11-21T09:35:00.000Z',
  '2026-11-20T18:29:59.000Z',
  '2026-11-20T18:30:00.000Z',
  '2026-01-01T00:00:00Z',
  '2026-03-31T23:59:00Z',
  '2026-06-15T06:30:00.000Z',
  '2026-12-31T18:45:00.000Z',
];

describe('formatter copies match the shared layer', () => {
  it('money and percents', () => {
    for (const p of PAISE) {
      expect(money.formatRupees(p), String(p)).toBe(shared.formatRupees(p));
      expect(money.formatRupeesExact(p), String(p)).toBe(shared.formatRupeesExact(p));
      expect(history.formatPaise(p), String(p)).toBe(shared.formatRupeesExact(p));
    }
    for (const v of PERCENTS) {
      expect(money.formatPercent(v), String(v)).toBe(shared.formatPercent(v));
      expect(history.formatPercent(v), String(v)).toBe(shared.formatPercent(v));
    }
  });

  it('moments, as strings and as dates', () => {
    for (const iso of MOMENTS) {
      for (const m of [iso, new Date(iso)]) {
        expect(payTime.formatDateTime(m), iso).toBe(shared.formatDateTime(m));
        expect(payTime.formatClock(m), iso).toBe(shared.formatClockTime(m));
        expect(history.formatWhen(m), iso).toBe(shared.formatDateTime(m));
        expect(history.formatDay(m), iso).toBe(shared.formatDate(m));
      }
      // breakdown-overlays.tsx's coupon expiry
      expect(
        new Date(iso).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }),
        iso,
      ).toBe(shared.formatClockTime(new Date(iso)));
    }
  });
});
