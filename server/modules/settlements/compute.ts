import { roundShare } from '../bills/compute.ts';
import { PLATFORM_FEE_BPS } from '../bills/schema.ts';
import type { SettlementStatus } from '../../db/tables.ts';

/**
 * The outlet's side of the money, pure (docs/payments.md, "Money reaches the outlet"). Integer paise,
 * the one rounding rule of bills/compute.ts (`roundShare`: half up to a whole paisa).
 *
 * For one paid order, of what the outlet was paid for the goods (subtotal = bill − discounts):
 *   platform fee = subtotal × 1.5 %          (SPEC §9)
 *   GST on fee   = platform fee × GST %       (18 %: the platform's tax invoice for its fee)
 *   outlet share = subtotal − fee − GST on fee (what a Route transfer carries to the linked account)
 *
 * A refund takes back the outlet's share of it, in proportion: every party returns its share of what the
 * shopper paid (`proportionalShare`). Cumulative, so a refund in several parts takes back exactly what
 * one refund of the sum would, and a full refund takes back the whole share.
 */

export interface OrderMoney {
  billPaise: number;
  instantDiscountPaise: number;
  shuffleDiscountPaise: number;
  /** What the shopper paid. */
  amountPaise: number;
}

export interface OutletShare {
  subtotalPaise: number;
  feePaise: number;
  feeGstPaise: number;
  /** subtotal − fee − GST on the fee. */
  sharePaise: number;
}

export function outletShareOf(order: OrderMoney, gstBps: number): OutletShare {
  const subtotal = order.billPaise - order.instantDiscountPaise - order.shuffleDiscountPaise;
  const fee = roundShare(subtotal, PLATFORM_FEE_BPS);
  const feeGst = roundShare(fee, gstBps);
  return { subtotalPaise: subtotal, feePaise: fee, feeGstPaise: feeGst, sharePaise: subtotal - fee - feeGst };
}

/**
 * `part × min(refunded, paid) / paid`, rounded half up (exact in BigInt: the products pass 2^53).
 * The part of `part` that refunds of `refunded` paise out of `paid` take back; 0 when nothing was paid.
 */
export function proportionalShare(part: number, refunded: number, paid: number): number {
  if (paid <= 0 || refunded <= 0 || part <= 0) return 0;
  const r = BigInt(Math.min(refunded, paid));
  const p = BigInt(paid);
  return Number((2n * BigInt(part) * r + p) / (2n * p));
}

/** What one refund adds to a transfer's reversals: the cumulative share after it minus before it. */
export function reversalFor(transferPaise: number, paidPaise: number, refundedBefore: number, refund: number): number {
  return proportionalShare(transferPaise, refundedBefore + refund, paidPaise) - proportionalShare(transferPaise, refundedBefore, paidPaise);
}

/** Where each of a statement's transfers is (counts by status). */
export interface TransferCounts {
  created: number;
  processed: number;
  released: number;
  settled: number;
  failed: number;
}

/**
 * A statement's status from where its money is, whatever order the provider's events came in:
 * - settled: every transfer is settled (paid to the bank) and the part not sent through Route is paid
 *   by the platform (its payout UTR recorded) or is nothing;
 * - on_hold: every transfer is at least processed (in the outlet's linked account, held until the
 *   refund window ends, then waiting for the provider's settlement) and the platform's part is settled
 *   the same way;
 * - pending: anything else (a transfer not processed yet, or the platform still owes its part).
 */
export function statementStatus(input: { transfers: TransferCounts; platformOwedPaise: number; payoutRecorded: boolean }): SettlementStatus {
  const t = input.transfers;
  const platformDone = input.platformOwedPaise <= 0 || input.payoutRecorded;
  const waiting = t.created + t.failed;
  const total = waiting + t.processed + t.released + t.settled;
  if (!platformDone || waiting > 0) return 'pending';
  if (t.settled === total) return total > 0 || input.payoutRecorded || input.platformOwedPaise <= 0 ? 'settled' : 'pending';
  return 'on_hold';
}
