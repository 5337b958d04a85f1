import { z } from 'zod';
import { billAmountSchema, outletIdSchema } from '../bills/schema.ts';
import { tableNumberSchema } from '../pay-links/schema.ts';
import type { OrderMoneyFields, OrderRow } from '../../db/tables.ts';

/**
 * Orders (docs/payments.md): one order per payment attempt for a breakdown. The amount is recomputed
 * on the server from the outlet, the bill and the coupon; any amount the client sends is ignored.
 * A retried request with the same idempotency key returns the same order.
 */

/**
 * An order can be paid for 15 minutes after it is created (`orders.expires_at`). Until then an open
 * order holds its coupon (no second order of the shopper's may use it); a capture that arrives later is
 * refunded (docs/payments.md, "Expiry").
 */
export const ORDER_TTL_MINUTES = 15;
export const ORDER_TTL_MS = ORDER_TTL_MINUTES * 60_000;

export const ORDER_MESSAGES = {
  idempotencyKeyRequired: 'idempotencyKey is required',
  idempotencyKeyReused: 'This idempotency key was already used for a different order.',
  notFound: 'Order not found',
  /** 409: the coupon is on another of the shopper's orders that is still open; `{time}` is when that one expires. */
  couponHeld:
    'Your Shuffle coupon is already on a payment you started that is not finished yet. Finish that payment, or use the coupon on a new bill after {time}.',
} as const;

export const idempotencyKeySchema = z
  .string({ error: ORDER_MESSAGES.idempotencyKeyRequired })
  .trim()
  .min(8, 'idempotencyKey must be 8 to 100 characters')
  .max(100, 'idempotencyKey must be 8 to 100 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'idempotencyKey may use letters, digits, _ . : -');

/** `orders.create` / `POST /api/outlet/route/v1/create` (an `Idempotency-Key` header also works on REST). */
export const createOrderInputSchema = z.object({
  outletId: outletIdSchema,
  amount: billAmountSchema,
  couponId: z.coerce.number().int().positive().nullable().optional(),
  idempotencyKey: idempotencyKeySchema,
  /** The table whose QR the shopper scanned (`/p/{code}?t=7`, 1..50); shown at the counter. */
  tableNumber: tableNumberSchema.nullish(),
  /** Ignored: the server computes the amount. Accepted so old clients do not fail validation. */
  amountPaise: z.unknown().optional(),
});
export type CreateOrderInput = z.input<typeof createOrderInputSchema>;

/** Public order ids are UUIDs (`orders.public_id`); the numeric id never leaves the server. */
export const orderIdInputSchema = z.object({ orderId: z.uuid({ error: 'orderId must be an order id' }) });
export type OrderIdInput = z.input<typeof orderIdInputSchema>;

export type OrderStatus = 'created' | 'paid' | 'failed' | 'expired' | 'cancelled';
export type ProviderName = 'sandbox' | 'razorpay';

/** What the browser needs to open the provider's checkout. */
export type CheckoutInfo =
  | { provider: 'sandbox'; url: string }
  | {
      provider: 'razorpay';
      keyId: string;
      providerOrderId: string;
      amountPaise: number;
      currency: 'INR';
      name: string;
      description: string;
      /** Seconds until the order expires: Razorpay Checkout closes itself then (its `timeout` option). */
      timeout: number;
    };

/** The money of an order as stored (the breakdown computed when the order was created), with its outlet's name. */
export type OrderBreakdown = OrderMoneyFields &
  /** `offerSource`: which offer gave the instant discount (docs/offers.md), null when none. */
  Pick<OrderRow, 'outletId' | 'offerSource' | 'couponId'> & { outletName: string };

export interface CreatedOrder {
  orderId: string;
  /** `expired` when an idempotent retry finds the order past its expiry: start again with a new key. */
  status: OrderStatus;
  /** Until when the order can be paid (ORDER_TTL_MINUTES after it was created). */
  expiresAt: Date;
  provider: ProviderName;
  providerOrderId: string;
  amountPaise: number;
  breakdown: OrderBreakdown;
  checkout: CheckoutInfo;
}

/** An order in the REST create-order shape (SPEC §7: upper-case fields), for every REST endpoint that makes one. */
export function toRestOrder(o: CreatedOrder) {
  const b = o.breakdown;
  return {
    ORDER_ID: o.orderId,
    STATUS: o.status,
    EXPIRES_AT: o.expiresAt.toISOString(),
    PROVIDER: o.provider,
    PROVIDER_ORDER_ID: o.providerOrderId,
    AMOUNT_PAISE: o.amountPaise,
    OUTLET_ID: b.outletId,
    OUTLET_NAME: b.outletName,
    BILL_PAISE: b.billPaise,
    INSTANT_DISCOUNT_PERCENT: b.instantDiscountPercent,
    INSTANT_DISCOUNT_PAISE: b.instantDiscountPaise,
    SHUFFLE_DISCOUNT_PERCENT: b.shuffleDiscountPercent,
    SHUFFLE_DISCOUNT_PAISE: b.shuffleDiscountPaise,
    CONVENIENCE_FEE_PAISE: b.convenienceFeePaise,
    GST_PAISE: b.gstPaise,
    OFFER_SOURCE: b.offerSource,
    COUPON_ID: b.couponId,
    checkout: o.checkout,
  };
}
