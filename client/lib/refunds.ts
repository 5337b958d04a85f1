import { t } from '@lingui/core/macro';
import { formatRupeesExact } from '@client/lib/format';
import { FAILURE_REASONS, REFUND_REASONS, type RefundView } from '@server/modules/payments/schema';
import { validationMessage } from '@client/lib/validation';

/** A refund as the shopper reads it: 'Refunded ₹910.62', with its state when it is not done yet. */
export function refundLabel(refund: Pick<RefundView, 'amountPaise' | 'status'>): string {
  const amount = formatRupeesExact(refund.amountPaise);
  if (refund.status === 'processed') return t`Refunded ${amount}`;
  if (refund.status === 'pending') return t`Refunded ${amount} · on its way`;
  return t`Refund of ${amount} delayed · we are on it`;
}

/** What the state of a refund means for the shopper's account, one line. */
export function refundStateText(refund: Pick<RefundView, 'status'>): string {
  if (refund.status === 'processed') return t`The money is back with your bank; it shows in your account within 5–7 working days.`;
  if (refund.status === 'pending') return t`Your bank has been asked to return it; it reaches your account within 5–7 working days.`;
  return t`The refund did not go through yet. We are retrying it; write to support if it has not arrived in 7 days.`;
}

/** An outlet's refund of a paid bill, with the owner's own words (shown as written). */
export function outletRefundText(outletName: string, reason: string): string {
  const outlet = outletName;
  return t`${outlet} refunded this: ${reason}`;
}

/**
 * Why a payment failed or money went back, in the reader's language. The server stores these sentences
 * in English (payments/schema.ts: REFUND_REASONS, FAILURE_REASONS); the known ones are said from the
 * catalog, anything else (a payment provider's own words) as it came.
 */
export function reasonText(reason: string): string {
  switch (reason) {
    case REFUND_REASONS.coupon_used:
      return t`Your Shuffle coupon had already been used on another payment.`;
    case REFUND_REASONS.coupon_expired:
      return t`Your Shuffle coupon had expired by the time the payment arrived.`;
    case REFUND_REASONS.order_expired:
      return t`The payment arrived after this checkout had expired.`;
    case REFUND_REASONS.already_paid:
      return t`This bill had already been paid, so the second payment is being returned.`;
    case REFUND_REASONS.order_cancelled:
      return t`This order had been cancelled when the payment arrived.`;
    case FAILURE_REASONS.declined:
      return t`The payment did not go through.`;
    case FAILURE_REASONS.order_expired:
      return t`This checkout expired before the payment was completed.`;
    case 'Your bank declined the payment.':
      return t`Your bank declined the payment.`;
    default:
      return validationMessage(reason);
  }
}
