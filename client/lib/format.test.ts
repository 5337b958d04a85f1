import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeShort,
  formatDayMonth,
  formatLongWeekdayDate,
  formatOfferTime,
  formatPercent,
  formatRupees,
  formatRupeesCompact,
  formatRupeesExact,
  formatRupeesWhole,
  formatSlotTime,
  formatWeekdayDate,
} from './format';

describe('money (integer paise, en-IN)', () => {
  it('shows whole rupees without decimals and paise with two', () => {
    expect(formatRupees(100000)).toBe('₹1,000');
    expect(formatRupees(100050)).toBe('₹1,000.50');
    expect(formatRupees(10000000)).toBe('₹1,00,000');
    expect(formatRupees(123456789)).toBe('₹12,34,567.89');
  });

  it('exact: always two decimals; whole: rounded to the rupee; compact: K, L and Cr', () => {
    expect(formatRupeesExact(100000)).toBe('₹1,000.00');
    expect(formatRupeesExact(5)).toBe('₹0.05');
    expect(formatRupeesWhole(45000)).toBe('₹450');
    expect(formatRupeesWhole(45050)).toBe('₹451');
    expect(formatRupeesCompact(95000)).toBe('₹950');
    expect(formatRupeesCompact(120000)).toBe('₹1.2K');
    expect(formatRupeesCompact(34000000)).toBe('₹3.4L');
    expect(formatRupeesCompact(1100000000)).toBe('₹1.1Cr');
  });
});

describe('numbers', () => {
  it('groups counts the Indian way', () => {
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(57)).toBe('57');
  });

  it('prints percents with up to two decimals, one where asked, trailing zeros kept only where asked', () => {
    expect(formatPercent(20)).toBe('20%');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(12.25)).toBe('12.25%');
    expect(formatPercent(12.25, { decimals: 1 })).toBe('12.3%');
    expect(formatPercent(12.04, { decimals: 1 })).toBe('12%');
    expect(formatPercent(12.04, { decimals: 1, trim: false })).toBe('12.0%');
  });
});

describe('dates and times (India time whatever the device zone)', () => {
  const moment = new Date('2026-11-21T09:35:00Z'); // 3:05 pm IST

  it('formats moments in IST', () => {
    expect(formatDateTime(moment)).toBe('21 Nov 2026, 3:05 pm');
    expect(formatDateTime('2026-11-21T09:35:00Z')).toBe('21 Nov 2026, 3:05 pm');
    expect(formatDateTimeShort(moment)).toBe('21 Nov, 3:05 pm');
    expect(formatDate(moment)).toBe('21 Nov 2026');
    // 11:30 pm UTC is already the next day in India.
    expect(formatDate(new Date('2026-11-20T23:30:00Z'))).toBe('21 Nov 2026');
    expect(formatClockTime(moment)).toBe('3:05 pm');
  });

  it('formats calendar days without shifting them', () => {
    expect(formatDayMonth('2026-11-21')).toBe('21 Nov');
    expect(formatWeekdayDate('2026-11-21')).toBe('Sat, 21 Nov, 2026');
    expect(formatLongWeekdayDate('2026-11-21')).toBe('Saturday, 21 November');
  });

  it('reads HH:MM two ways: the console’s slots and the outlet pages’ offers', () => {
    expect(formatSlotTime('00:30')).toBe('12:30 am');
    expect(formatSlotTime('18:45')).toBe('6:45 pm');
    expect(formatSlotTime('24:00')).toBe('midnight');
    expect(formatOfferTime('15:00')).toBe('3 PM');
    expect(formatOfferTime('15:30')).toBe('3:30 PM');
    expect(formatOfferTime('00:00')).toBe('12 AM');
  });
});
