import { z } from 'zod';
import { outletIdSchema } from '../bills/schema.ts';
import { orderIdInputSchema, type OrderStatus } from '../orders/schema.ts';
import type { FailureCode, RefundReason } from './machine.ts';
import type { RefundKind } from '../../db/tables.ts';

/**
 * The refunds of money the capture booked (docs/payments.md "Refunds"): an outlet's refund of a paid bill
 * and a group bill's paid share given back when the group did not finish. They reverse the capture's
 * ledger entries and the day's figures, show on the counter and count towards a full refund;
 * `auto_unhonoured` refunds give back money that was never booked.
 */
export const BOOKED_REFUND_KINDS = ['owner', 'group'] as const satisfies readonly RefundKind[];
export const isBookedRefund = (kind: RefundKind): boolean => (BOOKED_REFUND_KINDS as readonly RefundKind[]).includes(kind);

/**
 * Payments (docs/payments.md): the sandbox's hosted checkout (/payment-demo), the provider's
 * checkout callback and webhooks, and the receipt. Capture happens exactly once per order.
 */

/** The ledger entries a capture books, one of each (docs/payments.md "Money rules"); refunds book their own. */
export const BILL_LEDGER_ENTRY_TYPES = ['bill', 'instant_discount', 'shuffle_discount', 'convenience_fee', 'gst', 'platform_fee', 'platform_fee_gst', 'net_to_outlet'] as const;

export const PAYMENT_MESSAGES = {
  badSignature: 'Invalid payment signature',
  amountMismatch: 'The paid amount does not match the order',
  unknownOrder: 'Order not found',
  notSandbox: 'The demo checkout is only available with the sandbox payment provider',
  orderNotPayable: 'This order can no longer be paid',
  missingAmount: 'The webhook carries no amount',
  otherOrderPayment: 'This payment belongs to another order',
} as const;

/**
 * Why captured money goes back, in the shopper's words (stored as `refunds.reason`, shown on
 * /payment-failure and in the history).
 */
export const REFUND_REASONS: Record<RefundReason, string> = {
  coupon_used: 'Your Shuffle coupon had already been used on another payment.',
  coupon_expired: 'Your Shuffle coupon had expired by the time the payment arrived.',
  order_expired: 'The payment arrived after this checkout had expired.',
  already_paid: 'This bill had already been paid, so the second payment is being returned.',
  order_cancelled: 'This order had been cancelled when the payment arrived.',
  share_paid: 'Someone else had already paid this share of the group bill, so your payment is being returned.',
  group_closed: 'The group bill had closed by the time the payment arrived, so it is being returned.',
};

/** Why an order failed or expired, in the shopper's words (the receipt's `failureReason`). */
export const FAILURE_REASONS: Record<FailureCode, string> = {
  declined: 'The payment did not go through.',
  coupon_used: REFUND_REASONS.coupon_used,
  coupon_expired: REFUND_REASONS.coupon_expired,
  order_expired: 'This checkout expired before the payment was completed.',
  share_paid: REFUND_REASONS.share_paid,
  group_closed: REFUND_REASONS.group_closed,
};

export const demoCheckoutInputSchema = orderIdInputSchema;

export const demoCompleteInputSchema = orderIdInputSchema.extend({
  outcome: z.enum(['pay', 'fail'], { error: 'outcome must be pay or fail' }),
});
export type DemoCompleteInput = z.input<typeof demoCompleteInputSchema>;

/** The checkout callback a provider's browser checkout posts back (Razorpay's handler fields). */
export const checkoutCallbackSchema = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});
export type CheckoutCallbackInput = z.input<typeof checkoutCallbackSchema>;

export type PaymentOutcome = 'paid' | 'failed' | 'expired' | 'pending';

/** `payments.demoCheckout`: what the sandbox's hosted checkout shows. */
export interface DemoCheckout {
  orderId: string;
  outletId: number;
  outletName: string;
  amountPaise: number;
  /** `expired` once the order is past `expiresAt` (Pay is no longer offered). */
  status: OrderStatus;
  expiresAt: Date;
}

/** After a checkout completes: where the browser goes next. */
export interface CheckoutResult {
  orderId: string;
  outcome: PaymentOutcome;
  /** '/payment-success?orderId=…' (paid, or still being confirmed) or '/payment-failure?orderId=…'. */
  redirectTo: string;
}

/** A refund of the order's money, as the shopper sees it. */
export interface RefundView {
  amountPaise: number;
  /** pending: asked for, on its way; processed: returned; failed: the provider could not return it (we follow up). */
  status: 'pending' | 'processed' | 'failed';
  /** In the shopper's words (an owner refund: the outlet's own words). */
  reason: string;
  /** true: the outlet refunded (part of) a paid bill; false: a payment we could not accept went back. */
  byOutlet: boolean;
  createdAt: Date;
  processedAt: Date | null;
}

/** The order's Shuffle coupon now: still usable, used (on this order if it is paid, else on another), or expired. */
export interface ReceiptCoupon {
  code: string;
  discountPercent: number;
  state: 'available' | 'used' | 'expired';
}

/** `payments.byOrder`: the receipt the outlet's staff can check at the counter. */
export interface Receipt {
  orderId: string;
  /** `expired`: an order not paid within ORDER_TTL_MINUTES. */
  status: OrderStatus;
  outletId: number;
  outletName: string;
  billPaise: number;
  amountPaise: number;
  /** Instant + Shuffle discounts. */
  savedPaise: number;
  instantDiscountPaise: number;
  shuffleDiscountPaise: number;
  convenienceFeePaise: number;
  gstPaise: number;
  paidAt: Date | null;
  /** e.g. `BCH-7K2M9QXA` (paid orders only). */
  receiptCode: string | null;
  /** Six characters the staff can compare at the counter (paid orders only). */
  verificationCode: string | null;
  /** Failed and expired orders: why, in the shopper's words. */
  failureReason: string | null;
  failureCode: FailureCode | null;
  /** Until when the order could be paid. */
  expiresAt: Date;
  coupon: ReceiptCoupon | null;
  /** Money returned (automatic refunds of payments we could not accept), oldest first. */
  refunds: RefundView[];
}

export const RECEIPT_CHECK_MESSAGES = {
  badCode: 'Enter the 6-digit verification code or the receipt id shown on the shopper\'s screen, e.g. 482913 or BCH-7K2M9QXA',
  notFound: 'No paid bill with this receipt id at this outlet',
  noMatch: 'No paid bill at this outlet matches this code',
} as const;

/** A 6-digit verification code matches bills paid this long ago at most (the receipt id, any bill). */
export const VERIFICATION_CODE_LOOKBACK_MS = 48 * 60 * 60 * 1000;

/** What staff type: the 6-digit verification code, or the receipt id (`BCH-` + 8, any case, spaces ignored). */
export const receiptCodeSchema = z
  .string({ error: RECEIPT_CHECK_MESSAGES.badCode })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z.union(
      [
        z.string().regex(/^\d{6}$/).transform((value) => ({ kind: 'verification' as const, value })),
        z.string().regex(/^BCH-?[A-Z2-9]{8}$/).transform((value) => ({ kind: 'receipt' as const, value: value.startsWith('BCH-') ? value : `BCH-${value.slice(3)}` })),
      ],
      { error: RECEIPT_CHECK_MESSAGES.badCode },
    ),
  );
export type ReceiptLookup = z.output<typeof receiptCodeSchema>;

/**
 * `payments.checkReceipt` / `counter.verify` (business): the outlet's staff check what the shopper shows.
 * `code` (or, as the first version of this call named it, `receiptCode`): a receipt id or the 6-digit code.
 */
export const checkReceiptInputSchema = z
  .object({
    outletId: outletIdSchema,
    code: z.unknown().optional(),
    receiptCode: z.unknown().optional(),
  })
  .transform((input, ctx) => {
    const field = input.code !== undefined ? 'code' : 'receiptCode';
    const parsed = receiptCodeSchema.safeParse(input.code ?? input.receiptCode);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: RECEIPT_CHECK_MESSAGES.badCode, path: [field] });
      return z.NEVER;
    }
    return { outletId: input.outletId, code: parsed.data };
  });
export type CheckReceiptInput = z.input<typeof checkReceiptInputSchema>;

/** A paid bill at the counter: paid, or refunded in part or in full by the outlet. */
export type CounterPaymentStatus = 'paid' | 'partly_refunded' | 'refunded';

/** What the staff compare with the shopper's screen. */
export interface ReceiptCheck {
  orderId: string;
  receiptCode: string;
  verificationCode: string;
  outletId: number;
  billPaise: number;
  amountPaise: number;
  savedPaise: number;
  paidAt: Date;
  /** The shopper's first name (null when the account has none, or was deleted). */
  shopperFirstName: string | null;
  status: CounterPaymentStatus;
  /** Owner refunds asked for or made (failed ones excluded). */
  refundedPaise: number;
  /** The table whose QR was scanned (1..50), null at the counter. */
  tableNumber: number | null;
}

/** Owner refunds are possible this long after the payment (inclusive); the FAQ and the terms state it. */
export const OWNER_REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
/** ₹1,234.50 */
export const formatRupees = (paise: number) => rupees.format(paise / 100);

export const OWNER_REFUND_MESSAGES = {
  windowClosed: 'Refunds are possible only within 24 hours of the payment.',
  nothingLeft: 'This payment has already been refunded in full.',
  tooMuch: (leftPaise: number) => `You can refund at most ${formatRupees(leftPaise)} of this payment.`,
  keyReused: 'This idempotency key was already used for a different refund.',
} as const;

/** A refund in the REST wire shape (receipt and redeemed history). */
export function toRestRefund(f: RefundView) {
  return {
    AMOUNT_PAISE: f.amountPaise,
    STATUS: f.status,
    REASON: f.reason,
    BY_OUTLET: f.byOutlet,
    CREATED_AT: f.createdAt.toISOString(),
    PROCESSED_AT: f.processedAt?.toISOString() ?? null,
  };
}

/** An owner refund as the counter shows it. */
export interface CounterRefund {
  id: number;
  amountPaise: number;
  status: RefundView['status'];
  reason: string;
  createdAt: Date;
  processedAt: Date | null;
}

/** One paid bill at the counter. */
/** What the counter shows of a group bill (group-bills' tables, read by counter-views.ts). */
export interface CounterGroupProgress {
  code: string;
  status: 'open' | 'paid' | 'expired';
  paidCount: number;
  shareCount: number;
  totalPaise: number;
  leftPaise: number;
}

export interface CounterPayment {
  /** The order's public id. */
  orderId: string;
  receiptCode: string;
  /** The 6 digits the shopper's screen shows. */
  verificationCode: string;
  paidAt: Date;
  billPaise: number;
  /** Instant + Shuffle discount given. */
  discountPaise: number;
  /** What the shopper paid. */
  amountPaise: number;
  status: CounterPaymentStatus;
  /** Owner refunds asked for or made (not the failed ones). */
  refundedPaise: number;
  /** Of which the provider has not confirmed yet. */
  refundPendingPaise: number;
  /** What can still be refunded (0 after a full refund). */
  refundablePaise: number;
  /** The table whose QR was scanned (1..50), null at the counter. */
  tableNumber: number | null;
  /** A share of a group bill: the group's progress as this payment left it; null for a bill of one. */
  group: CounterGroupProgress | null;
  /** The refund window's end: 24 h after the payment. */
  refundableUntil: Date;
  refunds: CounterRefund[];
}

