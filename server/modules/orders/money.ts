import { MINIMUM_BILL_PAISE, PLATFORM_FEE_BPS, type BillAmounts, type BillInput, type FeeConfig } from '../bills/schema.ts';

/**
 * An order's money, in ONE place (docs/payments.md "Money rules"). Pure: integer paise in, integer paise
 * out, no clock, no database. Every site that shows, books or moves money (the bill, the order, the
 * ledger, the day's figures, settlements, Route transfers and their reversals, refunds, dashboards,
 * receipts, PDFs, the counter) asks this file; nothing else computes money.
 *
 * THE rounding rule (the only one): a percentage of an amount is `amount × basisPoints / 10000`, exact in
 * integers, rounded half up to a whole paisa (`roundShare`); a part in proportion is
 * `part × refunded / paid`, half up (`proportionalShare`). Every other amount is a sum or a difference of
 * those, so every identity below holds exactly:
 *
 *   subtotal = bill − instant − shuffle                         (the goods: what the outlet sold)
 *   paid     = subtotal + convenience fee + its GST             (what the shopper pays)
 *   payout   = subtotal − platform fee − its GST                (what the outlet is paid: THE "net")
 */

/** A percent with at most two decimals (numeric(5,2)) → basis points. */
export function toBps(percent: number): number {
  return Math.round(percent * 100);
}

/** `amount × bps / 10000`, rounded half up, for amount ≥ 0 and 0 ≤ bps ≤ 10000. */
export function roundShare(amountPaise: number, bps: number): number {
  return Math.floor((amountPaise * bps + 5_000) / 10_000);
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

/** The fee rates from the environment. */
export function feeConfigOf(env: { CONVENIENCE_FEE_PERCENT: number; CONVENIENCE_FEE_MAX_PAISE: number; GST_PERCENT: number }): FeeConfig {
  return {
    convenienceFeeBps: toBps(env.CONVENIENCE_FEE_PERCENT),
    convenienceFeeMaxPaise: env.CONVENIENCE_FEE_MAX_PAISE,
    gstBps: toBps(env.GST_PERCENT),
  };
}

const clampBps = (bps: number) => Math.min(10_000, Math.max(0, bps));

/** What the shopper saves: the instant discount plus the Shuffle discount. */
export function discountOf(o: { instantDiscountPaise: number; shuffleDiscountPaise: number }): number {
  return o.instantDiscountPaise + o.shuffleDiscountPaise;
}

/** bill − discounts: the goods, what the outlet sold. */
export function subtotalOf(o: { billPaise: number; instantDiscountPaise: number; shuffleDiscountPaise: number }): number {
  return o.billPaise - discountOf(o);
}

/**
 * The breakdown of one bill, before it is an order:
 * 1. below ₹50 (MINIMUM_BILL_PAISE) no offer and no coupon applies;
 * 2. instant discount = bill × offer %;
 * 3. Shuffle discount = (bill − instant) × coupon % (the coupon applies on top of the instant offer);
 * 4. subtotal = bill − instant − shuffle;
 * 5. convenience fee = min(subtotal × fee %, cap); GST = fee × GST %;
 * 6. amount = subtotal + fee + GST;
 * 7. the outlet's side (`orderMoney`): platform fee = subtotal × 1.5 %, its GST, payout.
 */
export function computeBill(input: BillInput): BillAmounts {
  const billPaise = input.billPaise;
  if (!Number.isSafeInteger(billPaise) || billPaise < 0) throw new RangeError('billPaise must be a non-negative integer');
  const belowMinimum = billPaise < MINIMUM_BILL_PAISE;
  const instantBps = belowMinimum ? 0 : clampBps(toBps(input.instantDiscountPercent));
  const shuffleBps = belowMinimum ? 0 : clampBps(toBps(input.shuffleDiscountPercent));
  // A group bill's share brings its part of the whole bill's instant discount (splitGroupBill).
  const fixed = input.instantDiscountPaise;
  if (fixed !== undefined && (!Number.isSafeInteger(fixed) || fixed < 0 || fixed > billPaise)) throw new RangeError('instantDiscountPaise must be within the bill');
  const instantDiscountPaise = fixed ?? roundShare(billPaise, instantBps);
  const shuffleDiscountPaise = roundShare(billPaise - instantDiscountPaise, shuffleBps);
  const discountPaise = discountOf({ instantDiscountPaise, shuffleDiscountPaise });
  const subtotalPaise = billPaise - discountPaise;
  const feeBps = clampBps(input.fees.convenienceFeeBps);
  const convenienceFeePaise = Math.min(roundShare(subtotalPaise, feeBps), Math.max(0, input.fees.convenienceFeeMaxPaise));
  const gstBps = clampBps(input.fees.gstBps);
  const gstPaise = roundShare(convenienceFeePaise, gstBps);
  const outlet = outletSide(subtotalPaise, gstBps);
  return {
    billPaise,
    belowMinimum,
    instantDiscountPercent: instantBps / 100,
    instantDiscountPaise,
    shuffleDiscountPercent: shuffleBps / 100,
    shuffleDiscountPaise,
    discountPaise,
    subtotalPaise,
    convenienceFeePercent: feeBps / 100,
    convenienceFeePaise,
    gstPercent: gstBps / 100,
    gstPaise,
    amountPaise: subtotalPaise + convenienceFeePaise + gstPaise,
    platformFeePaise: outlet.platformFeePaise,
    platformFeeGstPaise: outlet.platformFeeGstPaise,
    netToOutletPaise: outlet.payoutPaise,
  };
}

/** The outlet's side of a subtotal: the platform fee (SPEC §9, 1.5 %), its GST, and the payout. */
function outletSide(subtotalPaise: number, gstBps: number) {
  const platformFeePaise = roundShare(subtotalPaise, PLATFORM_FEE_BPS);
  const platformFeeGstPaise = roundShare(platformFeePaise, clampBps(gstBps));
  return { platformFeePaise, platformFeeGstPaise, payoutPaise: subtotalPaise - platformFeePaise - platformFeeGstPaise };
}

/** What an order stores of its money (the `orders` row's columns). */
export interface StoredOrderMoney {
  billPaise: number;
  instantDiscountPaise: number;
  shuffleDiscountPaise: number;
  convenienceFeePaise: number;
  gstPaise: number;
}

/** Every figure of a placed order. */
export interface OrderMoney {
  billPaise: number;
  instantDiscountPaise: number;
  shuffleDiscountPaise: number;
  /** instant + shuffle: what the shopper saved. */
  discountPaise: number;
  /** bill − discounts: the goods. */
  subtotalPaise: number;
  convenienceFeePaise: number;
  /** GST on the convenience fee (the order's `gst_paise`). */
  convenienceFeeGstPaise: number;
  /** subtotal + convenience fee + its GST: what the shopper paid. */
  amountPaise: number;
  /** subtotal × 1.5 %: the platform's fee, borne by the outlet. */
  platformFeePaise: number;
  /** GST on the platform fee, withheld with it. */
  platformFeeGstPaise: number;
  /** subtotal − platform fee − its GST: what the outlet is paid (its Route transfer). */
  payoutPaise: number;
}

/** Every figure of an order from what it stores and the GST rate (basis points). */
export function orderMoney(o: StoredOrderMoney, gstBps: number): OrderMoney {
  const subtotalPaise = subtotalOf(o);
  return {
    billPaise: o.billPaise,
    instantDiscountPaise: o.instantDiscountPaise,
    shuffleDiscountPaise: o.shuffleDiscountPaise,
    discountPaise: discountOf(o),
    subtotalPaise,
    convenienceFeePaise: o.convenienceFeePaise,
    convenienceFeeGstPaise: o.gstPaise,
    amountPaise: subtotalPaise + o.convenienceFeePaise + o.gstPaise,
    ...outletSide(subtotalPaise, gstBps),
  };
}

/** The parts of an order's money that refunds give back. Each part's sum over all refunds is the order's. */
export interface RefundParts {
  /** The goods (payout + platform fee + its GST): what revenue shows as refunded. */
  goodsPaise: number;
  payoutPaise: number;
  platformFeePaise: number;
  platformFeeGstPaise: number;
  convenienceFeePaise: number;
  convenienceFeeGstPaise: number;
}

/**
 * What refunds adding up to `refunded` take back, in all. In proportion to what was paid, nested so that
 * every part only grows with `refunded` and the parts always add up to it:
 *   goods            = subtotal × R ÷ paid                   fees = the rest (convenience fee : its GST)
 *   platform share   = (platform fee + GST) × goods ÷ subtotal (platform fee : its GST)
 *   payout           = goods − platform share
 * A full refund gives back every part whole.
 */
export function refundedParts(m: OrderMoney, refunded: number): RefundParts {
  const r = Math.min(Math.max(0, refunded), m.amountPaise);
  const goods = proportionalShare(m.subtotalPaise, r, m.amountPaise);
  const rest = r - goods;
  const convenienceFee = proportionalShare(m.convenienceFeePaise, rest, m.convenienceFeePaise + m.convenienceFeeGstPaise);
  const platformTotal = m.platformFeePaise + m.platformFeeGstPaise;
  const platform = proportionalShare(platformTotal, goods, m.subtotalPaise);
  const platformFee = proportionalShare(m.platformFeePaise, platform, platformTotal);
  return {
    goodsPaise: goods,
    payoutPaise: goods - platform,
    platformFeePaise: platformFee,
    platformFeeGstPaise: platform - platformFee,
    convenienceFeePaise: convenienceFee,
    convenienceFeeGstPaise: rest - convenienceFee,
  };
}

/** One refund's split: what it adds to every part (cumulative after it, minus before it). */
export interface RefundSplit extends RefundParts {
  /** What the shopper gets back: payout + platform fee + its GST + convenience fee + its GST. */
  refundPaise: number;
}

/**
 * The split of one refund of `amountPaise` after earlier refunds of `refundedBefore`: throws a RangeError
 * when it is not a positive whole number of paise or would bring the refunds above what was paid.
 */
export function splitRefund(m: OrderMoney, refundedBefore: number, amountPaise: number): RefundSplit {
  const after = refundedBefore + amountPaise;
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0 || !Number.isSafeInteger(refundedBefore) || refundedBefore < 0 || after > m.amountPaise) {
    throw new RangeError(`a refund of ${amountPaise} paise does not fit in what is left of ${m.amountPaise}`);
  }
  return { refundPaise: amountPaise, ...partsBetween(refundedParts(m, refundedBefore), refundedParts(m, after)) };
}

/** Part by part, `to` − `from`. */
function partsBetween(from: RefundParts, to: RefundParts): RefundParts {
  return {
    goodsPaise: to.goodsPaise - from.goodsPaise,
    payoutPaise: to.payoutPaise - from.payoutPaise,
    platformFeePaise: to.platformFeePaise - from.platformFeePaise,
    platformFeeGstPaise: to.platformFeeGstPaise - from.platformFeeGstPaise,
    convenienceFeePaise: to.convenienceFeePaise - from.convenienceFeePaise,
    convenienceFeeGstPaise: to.convenienceFeeGstPaise - from.convenienceFeeGstPaise,
  };
}

/** What is left of an order's money after refunds of `refunded`: the day's figures net of them. */
export function netOfRefunds(m: OrderMoney, refunded: number): RefundParts {
  return partsBetween(refundedParts(m, refunded), refundedParts(m, m.amountPaise));
}

/** How a bill stands for the counter from its owner refunds: nothing back, part of it, or all of it. */
export function refundStateOf(amountPaise: number, refundedPaise: number): 'paid' | 'partly_refunded' | 'refunded' {
  if (refundedPaise <= 0) return 'paid';
  return refundedPaise >= amountPaise ? 'refunded' : 'partly_refunded';
}

// ---------------------------------------------------------------------------------------- group pay

/** One part of a group bill: its part of the bill and of the instant discount; share = bill − instant. */
export interface GroupShareMoney {
  billPaise: number;
  instantDiscountPaise: number;
  /** What this part of the discounted total is (before the payer's own coupon and the fees). */
  sharePaise: number;
}

export interface GroupBillMoney {
  billPaise: number;
  instantDiscountPercent: number;
  /** The outlet's instant discount on the whole bill (`computeBill`'s rule). */
  instantDiscountPaise: number;
  /** bill − instant: the discounted total the shares add up to. */
  totalPaise: number;
  /** The host's first; the parts add up to the bill, the discount and the total exactly. */
  shares: GroupShareMoney[];
}

export type GroupSplitError = 'too_few' | 'too_many' | 'parts_do_not_add_up' | 'share_below_minimum';

export const GROUP_MIN_PEOPLE = 2;
export const GROUP_MAX_PEOPLE = 20;

/**
 * A group bill split among friends (docs/payments.md "Group pay"): the outlet's instant discount on the
 * whole bill, then the bill shared out either equally among `people` or as the host typed each part
 * (`parts`, paise of the bill, the host's first). Every friend's part of the discount is
 * `floor(part × discount %)`, and the host's part takes what rounding leaves, of the bill and of the
 * discount, so the shares add up to the discounted total to the paisa. Every share must be at least the
 * minimum bill (₹50). Returns the reason when the split cannot be made.
 */
export function splitGroupBill(
  input: { billPaise: number; instantDiscountPercent: number } & ({ people: number } | { parts: number[] }),
): GroupBillMoney | { error: GroupSplitError } {
  const { billPaise } = input;
  if (!Number.isSafeInteger(billPaise) || billPaise <= 0) throw new RangeError('billPaise must be a positive integer');
  const count = 'people' in input ? input.people : input.parts.length;
  if (!Number.isInteger(count) || count < GROUP_MIN_PEOPLE) return { error: 'too_few' };
  if (count > GROUP_MAX_PEOPLE) return { error: 'too_many' };
  let parts: number[];
  if ('people' in input) {
    const each = Math.floor(billPaise / count);
    parts = [billPaise - each * (count - 1), ...Array.from({ length: count - 1 }, () => each)];
  } else {
    parts = input.parts;
    if (parts.some((p) => !Number.isSafeInteger(p) || p <= 0) || parts.reduce((a, b) => a + b, 0) !== billPaise) return { error: 'parts_do_not_add_up' };
  }
  const bps = billPaise < MINIMUM_BILL_PAISE ? 0 : clampBps(toBps(input.instantDiscountPercent));
  const instantDiscountPaise = roundShare(billPaise, bps);
  const friends = parts.slice(1).map((p) => ({ billPaise: p, instantDiscountPaise: Math.floor((p * bps) / 10_000) }));
  const hostInstant = instantDiscountPaise - friends.reduce((a, f) => a + f.instantDiscountPaise, 0);
  const shares = [{ billPaise: parts[0]!, instantDiscountPaise: hostInstant }, ...friends].map((p) => ({ ...p, sharePaise: p.billPaise - p.instantDiscountPaise }));
  if (shares.some((sh) => sh.sharePaise < MINIMUM_BILL_PAISE || sh.instantDiscountPaise < 0)) return { error: 'share_below_minimum' };
  return { billPaise, instantDiscountPercent: bps / 100, instantDiscountPaise, totalPaise: billPaise - instantDiscountPaise, shares };
}

// ------------------------------------------------------------------------------------------ expiry

/** An order is open (payable) while created or failed (a decline may be retried) and not past its expiry. */
export function isOrderExpired(o: { status: string; expiresAt: Date }, now: Date): boolean {
  return (o.status === 'created' || o.status === 'failed') && now.getTime() >= o.expiresAt.getTime();
}

/** Seconds the provider's checkout may stay open: until the order expires (at least 1). */
export function checkoutTimeoutSeconds(expiresAt: Date, now: Date): number {
  return Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
}
