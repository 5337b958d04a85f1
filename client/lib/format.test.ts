import { afterEach, describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeShort,
  formatDayMonth,
  formatLongWeekdayDate,
  formatPercent,
  formatPhone,
  formatRupeesCompact,
  formatRupeesExact,
  formatRupeesWhole,
  formatTimeOfDay,
  formatValidUntil,
  formatWeekdayDate,
  pluralForm,
} from './format';
import { setLocale } from './i18n';

afterEach(async () => {
  await setLocale('en', { remember: false });
});

describe('money (integer paise, en-IN)', () => {
  it('exact: always two decimals, so one page never shows ₹2,075 beside ₹988.75', () => {
    expect(formatRupeesExact(207500)).toBe('₹2,075.00');
    expect(formatRupeesExact(98875)).toBe('₹988.75');
    expect(formatRupeesExact(100000)).toBe('₹1,000.00');
    expect(formatRupeesExact(5)).toBe('₹0.05');
    expect(formatRupeesExact(123456789)).toBe('₹12,34,567.89');
  });

  it('whole: rounded to the rupee; compact: K, L and Cr', () => {
    expect(formatRupeesWhole(45000)).toBe('₹450');
    expect(formatRupeesWhole(45050)).toBe('₹451');
    expect(formatRupeesCompact(95000)).toBe('₹950');
    expect(formatRupeesCompact(120000)).toBe('₹1.2K');
    expect(formatRupeesCompact(1200000)).toBe('₹12K');
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

describe('phone numbers: one way everywhere', () => {
  it('writes ten digits as +91 and two groups of five, whatever the input', () => {
    expect(formatPhone('9123400001')).toBe('+91 91234 00001');
    expect(formatPhone('+91 9123400001')).toBe('+91 91234 00001');
    expect(formatPhone('09123400001')).toBe('+91 91234 00001');
    expect(formatPhone('+91 91234 00001')).toBe('+91 91234 00001');
    expect(formatPhone('12345')).toBe('12345');
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

  it("reads HH:MM one way for the console's slots and the outlet pages' offers", () => {
    expect(formatTimeOfDay('00:30')).toBe('12:30 am');
    expect(formatTimeOfDay('18:45')).toBe('6:45 pm');
    expect(formatTimeOfDay('15:00')).toBe('3 pm');
    expect(formatTimeOfDay('00:00')).toBe('12 am');
    expect(formatTimeOfDay('24:00')).toBe('midnight');
  });
});

describe('in Hindi (hi-IN)', () => {
  it('keeps Indian grouping and Latin digits for money and counts', async () => {
    await setLocale('hi', { remember: false });
    expect(formatRupeesExact(12345678)).toBe('₹1,23,456.78');
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatRupeesCompact(34000000)).toBe('₹3.4\u00a0लाख');
    expect(formatPhone('9123400001')).toBe('+91 91234 00001');
  });

  it('names months and weekdays in Hindi, in India time', async () => {
    await setLocale('hi', { remember: false });
    expect(formatLongWeekdayDate('2026-11-23')).toBe('सोमवार, 23 नवंबर');
    expect(formatDate(new Date('2026-11-20T23:30:00Z'))).toMatch(/^21 नव/);
    expect(formatTimeOfDay('24:00')).toBe('आधी रात');
  });

  it('switches back to English formats with the language', async () => {
    await setLocale('hi', { remember: false });
    expect(formatLongWeekdayDate('2026-11-23')).toBe('सोमवार, 23 नवंबर');
    await setLocale('en', { remember: false });
    expect(formatLongWeekdayDate('2026-11-23')).toBe('Monday, 23 November');
  });
});

describe('written without Intl on the first screen (issue 18), exactly as Intl writes them', () => {
  const sample = (max: number) => [
    ...Array.from({ length: 2000 }, (_, i) => i - 1000),
    // Spread over the whole range, the same every run (a failure names its value and reproduces).
    ...Array.from({ length: 3000 }, (_, i) => Math.trunc(Math.sin(i + 1) * max)),
    ...Array.from({ length: 11 }, (_, k) => 10 ** k - 1),
    max,
    -max,
    100_000,
    9_999_999,
    10_000_000,
  ];

  for (const locale of ['en', 'hi'] as const) {
    it(`counts, rupees and times of day in ${locale}`, async () => {
      await setLocale(locale, { remember: false });
      const tag = locale === 'en' ? 'en-IN' : 'hi-IN';
      const count = new Intl.NumberFormat(tag);
      const whole = new Intl.NumberFormat(tag, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
      const exact = new Intl.NumberFormat(tag, { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const n of sample(10_000_000_000)) expect(formatCount(n), String(n)).toBe(count.format(n));
      for (const paise of sample(1_000_000_000_00)) {
        expect(formatRupeesWhole(paise), String(paise)).toBe(whole.format(paise / 100));
        expect(formatRupeesExact(paise), String(paise)).toBe(exact.format(paise / 100));
      }
      const clock = (minute: boolean) => new Intl.DateTimeFormat(tag, { hour: 'numeric', ...(minute ? { minute: '2-digit' } : {}), timeZone: 'UTC' });
      for (let h = 0; h < 24; h++) {
        for (let m = 0; m < 60; m++) {
          const hhmm = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
          expect(formatTimeOfDay(hhmm), hhmm).toBe(clock(m > 0).format(Date.UTC(2026, 0, 1, h, m)));
        }
      }
      expect(pluralForm(1)).toBe('one');
      expect(pluralForm(5)).toBe('other');
    });
  }
});

describe('validity (issue 28): one way everywhere, today and tomorrow by the India day', () => {
  const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
  it('at 17:28 a coupon that ends at 01:00 ends tomorrow, never "today"', () => {
    const now = ist('2026-11-28', '17:28');
    expect(formatValidUntil(ist('2026-11-29', '01:00'), now)).toBe('1:00 am tomorrow');
    expect(formatValidUntil(ist('2026-11-28', '23:30'), now)).toBe('11:30 pm today');
    expect(formatValidUntil(ist('2026-12-01', '13:05'), now)).toBe('1 Dec, 1:05 pm');
    // 23:50 IST and 00:10 IST the next day share a UTC date; India's days decide.
    expect(formatValidUntil('2026-11-28T18:40:00.000Z', ist('2026-11-28', '23:50'))).toBe('12:10 am tomorrow');
  });

  it('in Hindi: आज and कल', async () => {
    await setLocale('hi', { remember: false });
    const now = ist('2026-11-28', '17:28');
    expect(formatValidUntil(ist('2026-11-29', '01:00'), now)).toBe('कल 1:00 am');
    expect(formatValidUntil(ist('2026-11-28', '23:30'), now)).toBe('आज 11:30 pm');
  });
});
