import type { Receipt, RefundView } from '@server/modules/payments/schema';
import { ORDER_TTL_MINUTES } from '@server/modules/orders/schema';
import { formatRupeesExact } from '@client/lib/format';
import { refundLabel, refundStateText } from '@client/lib/refunds';

/**
 * What /payment-failure says about an order, decided from the server's receipt only (status, reason,
 * coupon state, refunds). Pure, so every combination is tested without rendering. The page never claims
 * "no money was taken" when a refund exists, and never says the coupon is still the shopper's when it
 * was used elsewhere or has expired.
 */

export const NOTHING_CHARGED = 'No money was taken from your account.';

export type OutcomeTone = 'fail' | 'refund' | 'neutral' | 'paid';

export interface Outcome {
  tone: OutcomeTone;
  /** The page's `<title>` and heading. */
  heading: string;
  /** The first, bold line: what happened to the money. */
  money: string;
  /** What happened to the payment, in a sentence. */
  summary: string;
  /** Why, in the shopper's words (the server's), or null. */
  reason: string | null;
  /** The Shuffle coupon's state, one line, or null when the order had none. */
  coupon: string | null;
  refunds: { label: string; state: string; status: RefundView['status'] }[];
  /** The main action's label (it goes back to the same bill at the same outlet). */
  retryLabel: string;
}

function couponLine(r: Pick<Receipt, 'coupon' | 'status'>): string | null {
  if (!r.coupon || r.status === 'paid') return null;
  if (r.coupon.state === 'available') return `Your ${r.coupon.discountPercent}% Shuffle coupon is still yours to use.`;
  if (r.coupon.state === 'used') return 'Your Shuffle coupon was used on another payment, so it is no longer available.';
  return 'Your Shuffle coupon has expired.';
}

export function describeOutcome(
  r: Pick<Receipt, 'status' | 'amountPaise' | 'outletName' | 'failureReason' | 'coupon' | 'refunds'>,
): Outcome {
  const amount = formatRupeesExact(r.amountPaise);
  const refunds = r.refunds.map((f) => ({ label: refundLabel(f), state: refundStateText(f), status: f.status }));
  const coupon = couponLine(r);
  const returned = r.refunds.filter((f) => f.status !== 'failed');
  if (r.refunds.length && r.status !== 'paid') {
    const all = r.refunds.every((f) => f.status === 'processed');
    const delayed = r.refunds.some((f) => f.status === 'failed');
    return {
      tone: 'refund',
      heading: delayed ? 'Your refund is delayed' : all ? 'Your payment was refunded' : 'We are refunding your payment',
      money: returned.length
        ? `${all ? 'We have returned' : 'We are returning'} ${formatRupeesExact(returned.reduce((s, f) => s + f.amountPaise, 0))} to you.`
        : 'We owe you a refund and are retrying it.',
      summary: `Your payment of ${amount} at ${r.outletName} reached us but could not be accepted.`,
      reason: r.failureReason ?? r.refunds[0]?.reason ?? null,
      coupon,
      refunds,
      retryLabel: 'Pay again',
    };
  }
  if (r.status === 'expired') {
    return {
      tone: 'neutral',
      heading: 'This checkout expired',
      money: NOTHING_CHARGED,
      summary: `A checkout stays open for ${ORDER_TTL_MINUTES} minutes. Start again from your bill at ${r.outletName}.`,
      reason: null,
      coupon,
      refunds,
      retryLabel: 'Start again',
    };
  }
  if (r.status === 'created') {
    return {
      tone: 'neutral',
      heading: 'Payment not completed',
      money: 'We have not received this payment.',
      summary: `If money left your account for ${amount} at ${r.outletName}, it is either confirmed here or returned to you automatically.`,
      reason: null,
      coupon,
      refunds,
      retryLabel: 'Try again',
    };
  }
  return {
    tone: 'fail',
    heading: 'Payment failed',
    money: NOTHING_CHARGED,
    summary: `Your payment of ${amount} at ${r.outletName} did not go through.`,
    reason: r.failureReason,
    coupon,
    refunds,
    retryLabel: 'Try again',
  };
}
