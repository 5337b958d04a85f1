const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const dayOnly = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** Integer paise → '₹1,00,000.00' (display only; the server did the sums). */
export const formatPaise = (paise: number) => rupees.format(paise / 100);
/** '21 Nov 2026, 3:05 pm' in IST. */
export const formatWhen = (value: Date | string) => dateTime.format(new Date(value));
/** '21 Nov 2026' in IST. */
export const formatDay = (value: Date | string) => dayOnly.format(new Date(value));
export const formatPercent = (value: number) =>
  `${Number.isInteger(value) ? value : value.toFixed(2).replace(/0+$/, '').replace(/\.$/, '')}%`;
