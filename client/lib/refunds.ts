import { formatRupeesExact } from '@client/lib/format';
import type { RefundView } from '@server/modules/payments/schema';

/** A refund as the shopper reads it: 'Refunded ₹910.62', with its state when it is not done yet. */
export function refundLabel(refund: Pick<RefundView, 'amountPaise' | 'status'>): string {
  const amount = formatRupeesExact(refund.amountPaise);
  if (refund.status === 'processed') return `Refunded ${amount}`;
  if (refund.status === 'pending') return `Refunded ${amount} · on its way`;
  return `Refund of ${amount} delayed · we are on it`;
}

/** What the state of a refund means for the shopper's account, one line. */
export function refundStateText(refund: Pick<RefundView, 'status'>): string {
  if (refund.status === 'processed') return 'The money is back with your bank; it shows in your account within 5–7 working days.';
  if (refund.status === 'pending') return 'Your bank has been asked to return it; it reaches your account within 5–7 working days.';
  return 'The refund did not go through yet. We are retrying it; write to support if it has not arrived in 7 days.';
}
