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

type Refund = { amountPaise: number; status: 'pending' | 'processed' | 'failed' };

/** A refund as the shopper reads it: 'Refunded ₹910.62', with its state when it is not done yet. */
export function refundLabel(refund: Refund): string {
  const amount = formatPaise(refund.amountPaise);
  if (refund.status === 'processed') return `Refunded ${amount}`;
  if (refund.status === 'pending') return `Refunded ${amount} · on its way`;
  return `Refund of ${amount} delayed · we are on it`;
}

/** What the state of a refund means for the shopper's account, one line. */
export function refundStateText(refund: Refund): string {
  if (refund.status === 'processed') return 'The money is back with your bank; it shows in your account within 5–7 working days.';
  if (refund.status === 'pending') return 'Your bank has been asked to return it; it reaches your account within 5–7 working days.';
  return 'The refund did not go through yet. We are retrying it; write to support if it has not arrived in 7 days.';
}
