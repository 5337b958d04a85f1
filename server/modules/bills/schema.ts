import { z } from 'zod';

/**
 * The bill: what a shopper pays at an outlet, computed on the server only (docs/payments.md).
 * All money is integer paise; percentages are numbers in [0, 100] with at most two decimals.
 */

/** SPEC §5/§9: no offer (instant discount or Shuffle coupon) applies below ₹50. */
export const MINIMUM_BILL_PAISE = 5_000;
/** The largest bill the app takes in one payment: ₹10,00,000. */
export const MAXIMUM_BILL_PAISE = 100_000_000;
/** SPEC §9: the outlet pays a 1.5 % transaction fee on what it receives (basis points). */
export const PLATFORM_FEE_BPS = 150;

export const BILL_MESSAGES = {
  amountRequired: 'Please enter the bill amount',
  amountInvalid: 'Enter the amount in rupees, with at most two decimals',
  amountTooSmall: 'The bill must be at least ₹1',
  amountTooLarge: 'The bill can be at most ₹10,00,000',
  belowMinimum: 'Minimum bill of ₹50 to apply any offer',
} as const;

/**
 * A rupee amount as typed by the shopper ("1000", "1,000.50", 1000.5) → integer paise, exactly (no
 * floating point: the digits are read as text). At most two decimals; ₹1 … ₹10,00,000.
 */
export const billAmountSchema = z
  .union([z.string(), z.number()], { error: BILL_MESSAGES.amountRequired })
  .transform((value, ctx) => {
    const text = (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value).replace(/[,\s₹]/g, '');
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: BILL_MESSAGES.amountRequired });
      return z.NEVER;
    }
    const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: BILL_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    if (paise < 100) {
      ctx.addIssue({ code: 'custom', message: BILL_MESSAGES.amountTooSmall });
      return z.NEVER;
    }
    if (paise > MAXIMUM_BILL_PAISE) {
      ctx.addIssue({ code: 'custom', message: BILL_MESSAGES.amountTooLarge });
      return z.NEVER;
    }
    return paise;
  });

export const outletIdSchema = z.coerce
  .number({ error: 'outletId must be a number' })
  .int('outletId must be a number')
  .positive('outletId must be a number');

/** `bills.get` / `GET|POST /api/outlet/v1/getBill`. */
export const getBillInputSchema = z.object({
  outletId: outletIdSchema,
  /** The final bill in rupees, as the shopper typed it. */
  amount: billAmountSchema,
  /**
   * Which of the shopper's live Shuffle coupons for this outlet to apply. Omitted: the best one
   * (highest percent, then the one expiring first). `null`: none.
   */
  couponId: z.coerce.number().int().positive().nullable().optional(),
});
export type GetBillInput = z.input<typeof getBillInputSchema>;
export type GetBillParsed = z.output<typeof getBillInputSchema>;

/** The fee rules in force (from env: CONVENIENCE_FEE_PERCENT, CONVENIENCE_FEE_MAX_PAISE, GST_PERCENT). */
export interface FeeConfig {
  /** Convenience fee, basis points of the discounted bill (100 = 1 %). */
  convenienceFeeBps: number;
  /** Upper bound of the convenience fee, paise. */
  convenienceFeeMaxPaise: number;
  /** GST on the convenience fee, basis points (1800 = 18 %). */
  gstBps: number;
}

/** What `computeBill` (orders/money.ts) needs: all plain numbers, nothing read from the clock or the database. */
export interface BillInput {
  billPaise: number;
  /** The live offer's percent (0 when none). */
  instantDiscountPercent: number;
  /** The Shuffle coupon's percent (0 when none). */
  shuffleDiscountPercent: number;
  /**
   * A fixed instant discount instead of `bill × instantDiscountPercent`: a group bill's share brings its
   * part of the whole bill's discount (orders/money.ts `splitGroupBill`).
   */
  instantDiscountPaise?: number;
  fees: FeeConfig;
}

/** The money of one bill. Identity: amount = bill − instant − shuffle + fee + GST. */
export interface BillAmounts {
  billPaise: number;
  /** True when the bill is below ₹50: no offer and no coupon applied. */
  belowMinimum: boolean;
  instantDiscountPercent: number;
  instantDiscountPaise: number;
  shuffleDiscountPercent: number;
  shuffleDiscountPaise: number;
  /** instant + shuffle: what the shopper saves. */
  discountPaise: number;
  /** bill − discounts: what the outlet is paid for the goods. */
  subtotalPaise: number;
  convenienceFeePercent: number;
  convenienceFeePaise: number;
  gstPercent: number;
  gstPaise: number;
  /** What the shopper pays: subtotal + fee + GST. */
  amountPaise: number;
  /** 1.5 % of the subtotal, charged to the outlet. */
  platformFeePaise: number;
  /** GST on the platform fee, withheld with it. */
  platformFeeGstPaise: number;
  /** subtotal − platform fee − its GST: what the outlet is paid (the payout; orders/money.ts). */
  netToOutletPaise: number;
}

export const offerSummarySchema = z.object({
  source: z.enum(['event', 'daily', 'regular', 'day', 'base']),
  title: z.string().nullable(),
  discountPercent: z.number(),
  validUntil: z.date(),
});
export type OfferSummary = z.infer<typeof offerSummarySchema>;

export interface CouponSummary {
  id: number;
  code: string;
  discountPercent: number;
  validUntil: Date;
}

/** `bills.get`'s answer: the whole breakdown the payment-breakdown page shows. */
export interface Bill extends BillAmounts {
  outletId: number;
  outletName: string;
  /** Whether the outlet is open now (IST opening hours); offers do not depend on it. */
  isOpen: boolean;
  minimumBillPaise: number;
  /** BILL_MESSAGES.belowMinimum when the bill is below ₹50, else null. */
  message: string | null;
  /** The live offer that gave the instant discount (null when none applied). */
  offer: OfferSummary | null;
  /** The Shuffle coupon applied (null when none). */
  coupon: CouponSummary | null;
  /** The outlet's Shuffle range, shown before the pick. */
  shuffleRange: { minPercent: number; maxPercent: number };
}
