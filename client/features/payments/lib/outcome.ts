import { t } from '@lingui/core/macro';
import type { Receipt, RefundView } from '@server/modules/payments/schema';
import { ORDER_TTL_MINUTES } from '@server/modules/orders/schema';
import { formatPercent, formatRupeesExact } from '@client/lib/format';
import { reasonText, refundLabel, refundStateText } from '@client/lib/refunds';

/**
 * What /payment-failure says about an order, decided from the server's receipt only (status, reason,
 * coupon state, refunds), in the reader's language. Pure, so every combination is tested without
 * rendering. The page never claims "no money was taken" when a refund exists, and never says the coupon
 * is still the shopper's when it was used elsewhere or has expired.
 */

export const nothingCharged = () => t`No money was taken from your account.`;

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
  const percent = formatPercent(r.coupon.discountPercent);
  if (r.coupon.state === 'available') return t`Your ${percent} Shuffle coupon is still yours to use.`;
  if (r.coupon.state === 'used') return t`Your Shuffle coupon was used on another payment, so it is no longer available.`;
  return t`Your Shuffle coupon has expired.`;
}

export function describeOutcome(
  r: Pick<Receipt, 'status' | 'amountPaise' | 'outletName' | 'failureReason' | 'coupon' | 'refunds'>,
): Outcome {
  const amount = formatRupeesExact(r.amountPaise);
  const outlet = r.outletName;
  const refunds = r.refunds.map((f) => ({ label: refundLabel(f), state: refundStateText(f), status: f.status }));
  const coupon = couponLine(r);
  const returned = r.refunds.filter((f) => f.status !== 'failed');
  if (r.refunds.length && r.status !== 'paid') {
    const all = r.refunds.every((f) => f.status === 'processed');
    const delayed = r.refunds.some((f) => f.status === 'failed');
    const back = formatRupeesExact(returned.reduce((s, f) => s + f.amountPaise, 0));
    const reason = r.failureReason ?? r.refunds[0]?.reason ?? null;
    return {
      tone: 'refund',
      heading: delayed ? t`Your refund is delayed` : all ? t`Your payment was refunded` : t`We are refunding your payment`,
      money: returned.length
        ? all
          ? t`We have returned ${back} to you.`
          : t`We are returning ${back} to you.`
        : t`We owe you a refund and are retrying it.`,
      summary: t`Your payment of ${amount} at ${outlet} reached us but could not be accepted.`,
      reason: reason ? reasonText(reason) : null,
      coupon,
      refunds,
      retryLabel: t`Pay again`,
    };
  }
  if (r.status === 'expired') {
    const minutes = ORDER_TTL_MINUTES;
    return {
      tone: 'neutral',
      heading: t`This checkout expired`,
      money: nothingCharged(),
      summary: t`A checkout stays open for ${minutes} minutes. Start again from your bill at ${outlet}.`,
      reason: null,
      coupon,
      refunds,
      retryLabel: t`Start again`,
    };
  }
  if (r.status === 'created') {
    return {
      tone: 'neutral',
      heading: t`Payment not completed`,
      money: t`We have not received this payment.`,
      summary: t`If money left your account for ${amount} at ${outlet}, it is either confirmed here or returned to you automatically.`,
      reason: null,
      coupon,
      refunds,
      retryLabel: t`Try again`,
    };
  }
  return {
    tone: 'fail',
    heading: t`Payment failed`,
    money: nothingCharged(),
    summary: t`Your payment of ${amount} at ${outlet} did not go through.`,
    reason: r.failureReason ? reasonText(r.failureReason) : null,
    coupon,
    refunds,
    retryLabel: t`Try again`,
  };
}
