import { roundShare } from '../bills/compute.ts';
import { PLATFORM_FEE_BPS } from '../bills/schema.ts';
import { proportionalShare } from '../settlements/compute.ts';

/**
 * How an owner refund reverses what a paid bill booked (docs/payments.md, "Owner refunds"). Pure.
 *
 * What the shopper paid is the goods (subtotal = bill − discounts: the outlet's sale) plus the
 * convenience fee and its GST (the platform's). A refund returns each of them **in proportion** to what
 * was paid, the rule Route uses for the outlet's transfer (settlements/compute.ts `proportionalShare`,
 * half up): of refunds adding up to R out of A paid,
 *   goods        = subtotal × R ÷ A
 *   fee and GST  = the rest (R − goods), split between the fee and its GST in their proportion
 *   platform fee = platform fee × goods ÷ subtotal (within the goods; net to outlet = goods − it)
 * Every part is computed CUMULATIVELY (what all the bill's refunds reverse, minus what the earlier ones
 * did), so each part only grows, no entry is negative, and refunds adding up to the whole payment reverse
 * exactly what the bill booked, to the paisa.
 */

export interface BookedBill {
  /** bill − instant − shuffle: the goods, what the outlet sold. */
  subtotalPaise: number;
  convenienceFeePaise: number;
  gstPaise: number;
}

/** What earlier refunds of the bill added up to. */
export interface RefundedSoFar {
  /** The sum of the earlier refunds (their `refund` entries). */
  refundedPaise: number;
}

export interface RefundSplit {
  /** What the shopper gets back: the sum of the four below. */
  refund: number;
  refundNetToOutlet: number;
  refundPlatformFee: number;
  refundConvenienceFee: number;
  refundGst: number;
  /** The goods part (net + platform fee): what revenue shows as refunded. */
  goods: number;
}

interface Parts {
  goods: number;
  platformFee: number;
  fee: number;
  gst: number;
}

/** What refunds adding up to `refunded` reverse, in all. */
function reversedBy(bill: BookedBill, refunded: number): Parts {
  const paid = bill.subtotalPaise + bill.convenienceFeePaise + bill.gstPaise;
  const goods = proportionalShare(bill.subtotalPaise, refunded, paid);
  const rest = refunded - goods;
  const fee = proportionalShare(bill.convenienceFeePaise, rest, bill.convenienceFeePaise + bill.gstPaise);
  const platformFee = proportionalShare(roundShare(bill.subtotalPaise, PLATFORM_FEE_BPS), goods, bill.subtotalPaise);
  return { goods, platformFee, fee, gst: rest - fee };
}

export function splitRefund(bill: BookedBill, before: RefundedSoFar, amountPaise: number): RefundSplit {
  const paid = bill.subtotalPaise + bill.convenienceFeePaise + bill.gstPaise;
  const after = before.refundedPaise + amountPaise;
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0 || before.refundedPaise < 0 || after > paid) {
    throw new RangeError(`a refund of ${amountPaise} paise does not fit in what is left of ${paid}`);
  }
  const a = reversedBy(bill, before.refundedPaise);
  const b = reversedBy(bill, after);
  const goods = b.goods - a.goods;
  const refundPlatformFee = b.platformFee - a.platformFee;
  return {
    refund: amountPaise,
    refundNetToOutlet: goods - refundPlatformFee,
    refundPlatformFee,
    refundConvenienceFee: b.fee - a.fee,
    refundGst: b.gst - a.gst,
    goods,
  };
}
