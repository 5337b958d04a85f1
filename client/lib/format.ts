/**
 * Money, numbers, dates and times as the client shows them: en-IN (₹1,00,000), moments in India time
 * (Asia/Kolkata) whatever the device's zone. Display only: the server sends integer paise and does
 * every sum (docs/architecture.md); nothing here adds, rounds for payment or converts for a request.
 *
 * A few things are written two ways today (whole vs exact rupees, a percent with one or two decimals,
 * a slot time as "6:30 pm" or "6:30 PM"): each variant is a named function or option here, so each
 * screen keeps its text while the copy is unified separately.
 */

const INDIA = 'en-IN';
const IST = 'Asia/Kolkata';

/**
 * Formatters are built on first use: this module is on the home route (outlet cards), and building
 * every Intl formatter up front would cost each page load for the few it uses.
 */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

// ---------------------------------------------------------------------------------------------
// Money (integer paise)

const rupeesWhole = lazy(() => new Intl.NumberFormat(INDIA, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }));
const rupeesExact = lazy(() => new Intl.NumberFormat(INDIA, {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
}));

/** 100000 → '₹1,000'; 66240 → '₹662.40': whole rupees without decimals, otherwise two. */
export function formatRupees(paise: number): string {
  return paise % 100 === 0 ? rupeesWhole().format(paise / 100) : rupeesExact().format(paise / 100);
}

/** 100000 → '₹1,000.00': always two decimals (receipts, fee lines, history). */
export function formatRupeesExact(paise: number): string {
  return rupeesExact().format(paise / 100);
}

/** 45050 → '₹451': rounded to whole rupees (approximate figures such as the cost for two). */
export function formatRupeesWhole(paise: number): string {
  return rupeesWhole().format(paise / 100);
}

/** A compact label: ₹950, ₹1.2K, ₹3.4L, ₹1.1Cr (lakh and crore, as Indian owners read them). */
export function formatRupeesCompact(paise: number): string {
  const value = paise / 100;
  if (value >= 1e7) return `₹${compactDigits(value / 1e7)}Cr`;
  if (value >= 1e5) return `₹${compactDigits(value / 1e5)}L`;
  if (value >= 1e3) return `₹${compactDigits(value / 1e3)}K`;
  return `₹${Math.round(value)}`;
}

const compactDigits = (value: number) => (value >= 100 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, ''));

// ---------------------------------------------------------------------------------------------
// Numbers

const count = lazy(() => new Intl.NumberFormat(INDIA));

/** 123456 → '1,23,456'. */
export function formatCount(value: number): string {
  return count().format(value);
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
// Moments (a Date or an ISO string), always in India time

const dateTimeWithYear = lazy(() => new Intl.DateTimeFormat(INDIA, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: IST,
}));
const dateTimeShort = lazy(() => new Intl.DateTimeFormat(INDIA, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: IST }));
const dateOnly = lazy(() => new Intl.DateTimeFormat(INDIA, { day: 'numeric', month: 'short', year: 'numeric', timeZone: IST }));
const clockTime = lazy(() => new Intl.DateTimeFormat(INDIA, { hour: 'numeric', minute: '2-digit', timeZone: IST }));

const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** '21 Nov 2026, 3:05 pm' (IST). */
export const formatDateTime = (value: Date | string) => dateTimeWithYear().format(asDate(value));
/** '21 Nov, 3:05 pm' (IST), for moments in the coming days (coupon validity, last change). */
export const formatDateTimeShort = (value: Date | string) => dateTimeShort().format(asDate(value));
/** '21 Nov 2026' (the IST day of the moment). */
export const formatDate = (value: Date | string) => dateOnly().format(asDate(value));
/** '3:05 pm' (IST). */
export const formatClockTime = (value: Date | string) => clockTime().format(asDate(value));

// ---------------------------------------------------------------------------------------------
// Calendar days ('YYYY-MM-DD', already an India day: formatted without any zone shift)

const dayMonth = lazy(() => new Intl.DateTimeFormat(INDIA, { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const weekdayDate = lazy(() => new Intl.DateTimeFormat(INDIA, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));
const longWeekdayDate = lazy(() => new Intl.DateTimeFormat(INDIA, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }));

const calendarDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** '2026-11-21' → '21 Nov'. */
export const formatDayMonth = (isoDate: string) => dayMonth().format(calendarDay(isoDate));
/** '2026-11-21' → 'Sat, 21 Nov, 2026'. */
export const formatWeekdayDate = (isoDate: string) => weekdayDate().format(calendarDay(isoDate));
/** '2026-11-21' → 'Saturday, 21 November'. */
export const formatLongWeekdayDate = (isoDate: string) => longWeekdayDate().format(calendarDay(isoDate));

// ---------------------------------------------------------------------------------------------
// Times of day ('HH:MM', already India time)

/** '18:30' → '6:30 pm', '00:30' → '12:30 am', '24:00' → 'midnight' (the business console's slots). */
export function formatSlotTime(time: string): string {
  const hours = Number(time.slice(0, 2));
  const minutes = time.slice(3, 5);
  if (hours === 24) return 'midnight';
  if (hours === 0) return `12:${minutes} am`;
  const suffix = hours >= 12 ? 'pm' : 'am';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${minutes} ${suffix}`;
}

/** '15:00' → '3 PM', '15:30' → '3:30 PM' (the shopper's outlet pages). */
export function formatOfferTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}
