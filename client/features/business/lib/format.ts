const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 2 });
const rupeesWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Integer paise → "₹1,234.50", or "₹1,234" for whole rupees (Indian digit grouping). */
export const formatPaise = (paise: number) => (paise % 100 === 0 ? rupeesWhole.format(paise / 100) : rupees.format(paise / 100));
export const formatPaiseWhole = (paise: number) => rupeesWhole.format(Math.round(paise / 100));

/** A compact axis label: ₹950, ₹1.2K, ₹3.4L, ₹1.1Cr (lakh and crore, as Indian owners read them). */
export function formatPaiseShort(paise: number): string {
  const value = paise / 100;
  if (value >= 1e7) return `₹${trim(value / 1e7)}Cr`;
  if (value >= 1e5) return `₹${trim(value / 1e5)}L`;
  if (value >= 1e3) return `₹${trim(value / 1e3)}K`;
  return `₹${Math.round(value)}`;
}

const trim = (value: number) => (value >= 100 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, ''));

export const formatPercent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const fullDayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** 'YYYY-MM-DD' → "21 Nov". */
export const formatDay = (isoDate: string) => dayFormat.format(new Date(`${isoDate}T00:00:00Z`));
export const formatFullDay = (isoDate: string) => fullDayFormat.format(new Date(`${isoDate}T00:00:00Z`));
export const formatDateTime = (date: Date) => dateTimeFormat.format(date);

/** '18:30' → '6:30 pm'. */
export function formatTime(time: string): string {
  const hours = Number(time.slice(0, 2));
  const minutes = time.slice(3, 5);
  if (hours === 24) return 'midnight';
  if (hours === 0) return `12:${minutes} am`;
  const suffix = hours >= 12 ? 'pm' : 'am';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${minutes} ${suffix}`;
}
