import { msg, t } from '@lingui/core/macro';
import { currentIntlLocale, i18n } from './i18n';

/**
 * Money, numbers, dates, times and phone numbers as the client shows them, in the active language's
 * Indian locale (en-IN or hi-IN: ₹1,00,000 either way, month and weekday names in Hindi) and with
 * moments in India time (Asia/Kolkata) whatever the device's zone. Display only: the server sends
 * integer paise and does every sum (docs/architecture.md); nothing here adds, rounds for payment or
 * converts for a request.
 *
 * One form per kind of figure (issue 17, docs/i18n.md):
 * - money that is charged, paid, saved or settled: `formatRupeesExact`, always two decimals (₹2,075.00
 *   beside ₹988.75, never ₹2,075 beside it); approximate figures (cost for two): `formatRupeesWhole`;
 *   chart axes: `formatRupeesCompact`;
 * - a time of day: `formatTimeOfDay` ("6:30 pm", "3 pm"), the console's slots and the outlet pages alike;
 * - a phone number: `formatPhone` ("+91 91234 00001").
 *
 * A component that shows these calls `useLingui()` (so it re-renders when the language changes; the
 * catalog test checks it).
 */

const IST = 'Asia/Kolkata';

/**
 * Formatters are built on first use and kept per locale: this module is on the home route (outlet
 * cards), and building every Intl formatter up front would cost each page load for the few it uses.
 */
function perLocale<T>(make: (locale: string) => T): () => T {
  const made = new Map<string, T>();
  return () => {
    const locale = currentIntlLocale();
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

// ---------------------------------------------------------------------------------------------
// Money (integer paise)

const rupeesCompact = perLocale(
  (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'INR', notation: 'compact', maximumFractionDigits: 1 }),
);

/**
 * Whole numbers grouped the Indian way (12,34,567), as Intl.NumberFormat writes them in en-IN and hi-IN
 * (Latin digits in both). Written here rather than asked of Intl: the first Intl.NumberFormat a page
 * builds costs tens of milliseconds (ICU's number data), on the first screen of every visit (issue 18:
 * blocking time on a slow phone); format.test.ts checks every form against Intl.
 */
function groupIndian(whole: number): string {
  const digits = String(Math.abs(whole));
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${whole < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}`;
}

/** 100000 → '₹1,000.00': money that is charged, paid, saved or settled (one form on every such screen). */
export function formatRupeesExact(paise: number): string {
  const abs = Math.abs(Math.round(paise));
  return `${paise < 0 ? '-' : ''}₹${groupIndian(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** 45050 → '₹451': rounded to whole rupees, halves away from zero (approximate figures such as the cost for two). */
export function formatRupeesWhole(paise: number): string {
  return `${paise < 0 ? '-' : ''}₹${groupIndian(Math.round(Math.abs(paise) / 100))}`;
}

/** A chart label: ₹950, ₹1.2K, ₹3.4L, ₹1.1Cr (in Hindi ₹1.2 हज़ार, ₹3.4 लाख, ₹1.1 क॰). */
export function formatRupeesCompact(paise: number): string {
  const rupees = paise / 100;
  // Under a thousand, whole rupees (Intl's compact form would print ₹950.0).
  return rupees < 1000 ? formatRupeesWhole(paise) : rupeesCompact().format(rupees).replace(/\.0(?=\D|$)/, '');
}

// ---------------------------------------------------------------------------------------------
// Numbers

const count = perLocale((l) => new Intl.NumberFormat(l));

/** 123456 → '1,23,456' (whole numbers without Intl, see `groupIndian`). */
export function formatCount(value: number): string {
  return Number.isSafeInteger(value) ? groupIndian(value) : count().format(value);
}

const pluralRules = perLocale((l) => new Intl.PluralRules(l));

/**
 * The plural form of `n` in the active language ('one', 'other'), for a `<Select>` message with the
 * count written by `formatCount`: Lingui's `<Plural>` writes its `#` with Intl.NumberFormat, whose first
 * use costs a first screen tens of milliseconds (`groupIndian`); Intl.PluralRules costs next to nothing.
 */
export function pluralForm(n: number): Intl.LDMLPluralRule {
  return pluralRules().select(n);
}

/**
 * 20 → '20%'; 12.5 → '12.5%'. A fraction keeps up to `decimals` digits (2 by default) with trailing
 * zeros dropped; `trim: false` keeps them (the business console's '12.0%').
 */
export function formatPercent(value: number, { decimals = 2, trim = true }: { decimals?: 1 | 2; trim?: boolean } = {}): string {
  if (Number.isInteger(value)) return `${value}%`;
  const text = value.toFixed(decimals);
  return `${trim ? text.replace(/0+$/, '').replace(/\.$/, '') : text}%`;
}

// ---------------------------------------------------------------------------------------------
// Phone numbers

/**
 * '9123400001' (or '+91 9123400001', '09123400001') → '+91 91234 00001': the one way a phone number is
 * written, grouped 5 + 5 as Indian numbers are read. Anything that is not ten digits is shown as given.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits;
  return ten.length === 10 ? `+91 ${ten.slice(0, 5)} ${ten.slice(5)}` : phone;
}

// ---------------------------------------------------------------------------------------------
// Moments (a Date or an ISO string), always in India time

const dateTimeWithYear = perLocale(
  (l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: IST }),
);
const dateTimeShort = perLocale(
  (l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: IST }),
);
const dateOnly = perLocale((l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', year: 'numeric', timeZone: IST }));
const clockTime = perLocale((l) => new Intl.DateTimeFormat(l, { hour: 'numeric', minute: '2-digit', timeZone: IST }));

const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** '21 Nov 2026, 3:05 pm' (IST); '21 नव॰ 2026, 3:05 pm' in Hindi. */
export const formatDateTime = (value: Date | string) => dateTimeWithYear().format(asDate(value));
/** '21 Nov, 3:05 pm' (IST), for moments in the coming days (coupon validity, last change). */
export const formatDateTimeShort = (value: Date | string) => dateTimeShort().format(asDate(value));
/** '21 Nov 2026' (the IST day of the moment). */
export const formatDate = (value: Date | string) => dateOnly().format(asDate(value));
/** '3:05 pm' (IST). */
export const formatClockTime = (value: Date | string) => clockTime().format(asDate(value));

let istDayKeys: Intl.DateTimeFormat | undefined;
/** The India calendar day of a moment, as a day count (for "today" / "tomorrow"). */
function istDayNumber(at: Date): number {
  istDayKeys ??= new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: IST });
  return Date.parse(`${istDayKeys.format(at)}T00:00:00Z`) / 86_400_000;
}

/**
 * Until when a coupon or an offer holds, the one way every screen says it (issue 28: the shuffle, the
 * wallet, the coupons pages): '6:30 pm today', '1:00 am tomorrow' (India days, whatever the device's
 * zone: at 17:28 a coupon that ends at 01:00 ends tomorrow), later '29 Nov, 1:00 am'. In Hindi
 * 'आज 6:30 pm', 'कल 1:00 am'. The server's messages say it the same way (notifications/messages.ts).
 */
export function formatValidUntil(value: Date | string, now: Date = new Date()): string {
  const at = asDate(value);
  const time = formatClockTime(at);
  const days = istDayNumber(at) - istDayNumber(now);
  if (days === 0) return t({ message: `${time} today`, comment: 'Until when a coupon holds: a time today, e.g. "6:30 pm today"' });
  if (days === 1) return t({ message: `${time} tomorrow`, comment: 'Until when a coupon holds: a time tomorrow, e.g. "1:00 am tomorrow"' });
  return formatDateTimeShort(at);
}

// ---------------------------------------------------------------------------------------------
// Calendar days ('YYYY-MM-DD', already an India day: formatted without any zone shift)

const dayMonth = perLocale((l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const weekdayDate = perLocale(
  (l) => new Intl.DateTimeFormat(l, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const longWeekdayDate = perLocale((l) => new Intl.DateTimeFormat(l, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }));

const calendarDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** '2026-11-21' → '21 Nov'. */
export const formatDayMonth = (isoDate: string) => dayMonth().format(calendarDay(isoDate));
/** '2026-11-21' → 'Sat, 21 Nov, 2026'. */
export const formatWeekdayDate = (isoDate: string) => weekdayDate().format(calendarDay(isoDate));
/** '2026-11-21' → 'Saturday, 21 November'. */
export const formatLongWeekdayDate = (isoDate: string) => longWeekdayDate().format(calendarDay(isoDate));

const weekdayLong = perLocale((l) => new Intl.DateTimeFormat(l, { weekday: 'long', timeZone: 'UTC' }));
const weekdayShort = perLocale((l) => new Intl.DateTimeFormat(l, { weekday: 'short', timeZone: 'UTC' }));

/** 1 (Monday) … 7 (Sunday) → 'Monday' / 'Mon' ('सोमवार' / 'सोम' in Hindi). */
export function formatWeekday(isoDay: number, width: 'long' | 'short' = 'long'): string {
  // 5 January 2026 is a Monday.
  const day = new Date(Date.UTC(2026, 0, 4 + isoDay));
  return (width === 'long' ? weekdayLong() : weekdayShort()).format(day);
}

// ---------------------------------------------------------------------------------------------
// Times of day ('HH:MM', already India time)

const MIDNIGHT = msg({ message: 'midnight', comment: 'The end of a time slot that runs to the end of the day (24:00)' });

/**
 * '18:30' → '6:30 pm', '15:00' → '3 pm', '00:30' → '12:30 am', '24:00' → 'midnight': the console's
 * slots and the outlet pages' offers alike.
 */
export function formatTimeOfDay(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  if (h === 24) return i18n._(MIDNIGHT);
  // As Intl.DateTimeFormat writes it in en-IN and hi-IN (format.test.ts checks every minute of the day),
  // without building one: its first use costs a first screen tens of milliseconds (see `groupIndian`).
  const hour = h % 12 || 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'am' : 'pm'}`;
}
