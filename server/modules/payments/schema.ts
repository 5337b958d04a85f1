import { z } from 'zod';
import { outletIdSchema } from '../bills/schema.ts';
import { orderIdInputSchema, type OrderStatus } from '../orders/schema.ts';
import type { FailureCode, RefundReason } from './machine.ts';

/**
 * Payments (docs/payments.md): the sandbox's hosted checkout (/payment-demo), the provider's
 * checkout callback and webhooks, and the receipt. Capture happens exactly once per order.
 */

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
};

/** Why an order failed or expired, in the shopper's words (the receipt's `failureReason`). */
export const FAILURE_REASONS: Record<FailureCode, string> = {
  declined: 'The payment did not go through.',
  coupon_used: REFUND_REASONS.coupon_used,
  coupon_expired: REFUND_REASONS.coupon_expired,
  order_expired: 'This checkout expired before the payment was completed.',
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
  /** In the shopper's words. */
  reason: string;
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
  badCode: 'Enter the receipt id shown on the shopper\'s screen, e.g. BCH-7K2M9QXA',
  notFound: 'No paid bill with this receipt id at this outlet',
} as const;

/** `payments.checkReceipt` (business): the outlet's staff look up a receipt id at the counter. */
export const checkReceiptInputSchema = z.object({
  outletId: outletIdSchema,
  receiptCode: z
    .string({ error: RECEIPT_CHECK_MESSAGES.badCode })
    .trim()
    .toUpperCase()
    .regex(/^BCH-[A-Z2-9]{8}$/, RECEIPT_CHECK_MESSAGES.badCode),
});
export type CheckReceiptInput = z.input<typeof checkReceiptInputSchema>;

/** What the staff compare with the shopper's screen. */
export interface ReceiptCheck {
  receiptCode: string;
  verificationCode: string;
  outletId: number;
  billPaise: number;
  amountPaise: number;
  savedPaise: number;
  paidAt: Date;
}

/** A refund in the REST wire shape (receipt and redeemed history). */
export function toRestRefund(f: RefundView) {
  return {
    AMOUNT_PAISE: f.amountPaise,
    STATUS: f.status,
    REASON: f.reason,
    CREATED_AT: f.createdAt.toISOString(),
    PROCESSED_AT: f.processedAt?.toISOString() ?? null,
  };
}
