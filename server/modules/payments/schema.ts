import { z } from 'zod';
import { outletIdSchema } from '../bills/schema.ts';
import { orderIdInputSchema } from '../orders/schema.ts';

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
  couponUsed: 'The coupon on this order was already used; the payment was not taken.',
} as const;

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

export type PaymentOutcome = 'paid' | 'failed' | 'pending';

/** `payments.demoCheckout`: what the sandbox's hosted checkout shows. */
export interface DemoCheckout {
  orderId: string;
  outletId: number;
  outletName: string;
  amountPaise: number;
  status: 'created' | 'paid' | 'failed' | 'cancelled';
}

/** After a checkout completes: where the browser goes next. */
export interface CheckoutResult {
  orderId: string;
  outcome: PaymentOutcome;
  /** '/payment-success?orderId=…' or '/payment-failure?orderId=…'. */
  redirectTo: string;
}

/** `payments.byOrder`: the receipt the outlet's staff can check at the counter. */
export interface Receipt {
  orderId: string;
  status: 'created' | 'paid' | 'failed' | 'cancelled';
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
  /** Failed orders: nothing was charged. */
  failureReason: string | null;
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
