import { isOrderExpired } from '../orders/money.ts';

/**
 * The payment state machine (docs/payments.md, "The state machine"), as ONE pure function. It knows
 * nothing of the database: `applyPaymentEvent` (service.ts) reads the order, the payment record and the
 * coupon under lock, asks `transition` what to do, and carries out the effects in the same transaction.
 *
 * Why it converges whatever the order of events:
 * - the payment record only moves up `none < failed < authorized < captured` (an event at or below the
 *   record's rank is stale or a duplicate and changes nothing), so Razorpay's late authorisation
 *   (`payment.failed`, then `payment.authorized` / `payment.captured` for the same pay_ id) ends captured;
 * - money is taken into the books (the `honour` effect) only on the step to `captured`, which happens
 *   once per payment, and only while the order is open (created or failed, not expired); `paid` is final;
 * - captured money that cannot be honoured is refunded (the `refund` effect), never silently kept.
 */

export type OrderState = 'created' | 'paid' | 'failed' | 'expired' | 'cancelled';
export type PaymentState = 'none' | 'failed' | 'authorized' | 'captured';
export type PaymentEventKind = 'authorized' | 'captured' | 'failed';
/** The order's coupon when a capture arrives: none on the order, usable, already redeemed, or past its validity. */
export type CouponCheck = 'none' | 'usable' | 'used' | 'expired';
/**
 * A group bill's shares the order pays, when a capture arrives (docs/payments.md "Group pay"): none (a
 * bill of one), all still open, one already paid by someone else, or the group closed (expired, paid,
 * or its shares changed by the host).
 */
export type ShareCheck = 'none' | 'open' | 'paid' | 'closed';
/** Why an order is failed or expired (`orders.failure_code`). */
export type FailureCode = 'declined' | 'coupon_used' | 'coupon_expired' | 'order_expired' | 'share_paid' | 'group_closed';
/** Why captured money goes back (the refund's reason). */
export type RefundReason = 'coupon_used' | 'coupon_expired' | 'order_expired' | 'already_paid' | 'order_cancelled' | 'share_paid' | 'group_closed';

export interface MachineState {
  /** The order's state as the business sees it now: an open order past `expires_at` is `expired`. */
  order: OrderState;
  failureCode: FailureCode | null;
}

export interface TransitionInput extends MachineState {
  /** The record of THIS payment id (`none` when the provider's payment is new to us). */
  payment: PaymentState;
  event: PaymentEventKind;
  /** Only read for captures; anything for other events. */
  coupon: CouponCheck;
  /** Only read for captures; `none` when the order pays no group bill's share (the default). */
  share?: ShareCheck;
}

export type Effect =
  /** Insert the payment row, or move it up to this status. */
  | { type: 'savePayment'; status: Exclude<PaymentState, 'none'> }
  /** Redeem the coupon, mark the order paid with its receipt, redemption, 8 ledger rows; announces the capture (daily stats, counter, notifications). */
  | { type: 'honour' }
  /** Record a pending refund of the whole payment; the provider is called after the commit. */
  | { type: 'refund'; reason: RefundReason };

export interface Transition extends MachineState {
  payment: PaymentState;
  effects: Effect[];
}

const RANK: Record<PaymentState, number> = { none: 0, failed: 1, authorized: 2, captured: 3 };

const isOpen = (o: OrderState) => o === 'created' || o === 'failed';

/** (order state, payment record state, event) → new state + effects. Total and pure. */
export function transition(input: TransitionInput): Transition {
  const { order, failureCode, payment, event, coupon, share = 'none' } = input;
  const same: Transition = { order, failureCode, payment, effects: [] };
  // A duplicate, or an event older than what we know of this payment (e.g. `failed` after `captured`).
  if (RANK[event] <= RANK[payment]) return same;
  const save: Effect = { type: 'savePayment', status: event };

  if (event === 'failed') {
    // Only a created or failed order takes the decline; a paid, expired or cancelled one keeps its state.
    return isOpen(order)
      ? { order: 'failed', failureCode: 'declined', payment: 'failed', effects: [save] }
      : { ...same, payment: 'failed', effects: [save] };
  }

  if (event === 'authorized') {
    // Money is held for this order: it is pending again (a late authorisation after a decline).
    return isOpen(order)
      ? { order: 'created', failureCode: null, payment: 'authorized', effects: [save] }
      : { ...same, payment: 'authorized', effects: [save] };
  }

  // event === 'captured': the provider has the shopper's money.
  const refund = (reason: RefundReason, next: MachineState): Transition => ({
    ...next,
    payment: 'captured',
    effects: [save, { type: 'refund', reason }],
  });
  switch (order) {
    case 'paid':
      return refund('already_paid', { order, failureCode });
    case 'cancelled':
      return refund('order_cancelled', { order, failureCode });
    case 'expired':
      return refund('order_expired', { order: 'expired', failureCode: 'order_expired' });
    case 'created':
    case 'failed':
      // A share is paid once: a second phone's payment of it, or a payment after the group closed, goes back.
      if (share === 'paid') return refund('share_paid', { order: 'failed', failureCode: 'share_paid' });
      if (share === 'closed') return refund('group_closed', { order: 'failed', failureCode: 'group_closed' });
      if (coupon === 'used') return refund('coupon_used', { order: 'failed', failureCode: 'coupon_used' });
      if (coupon === 'expired') return refund('coupon_expired', { order: 'failed', failureCode: 'coupon_expired' });
      return { order: 'paid', failureCode: null, payment: 'captured', effects: [save, { type: 'honour' }] };
  }
}

/** The order's state for the machine and for readers: an open order past its expiry is expired. */
export function effectiveOrderState(
  stored: OrderState,
  storedFailureCode: FailureCode | null,
  expiresAt: Date,
  now: Date,
): MachineState {
  if (isOrderExpired({ status: stored, expiresAt }, now)) return { order: 'expired', failureCode: 'order_expired' };
  return { order: stored, failureCode: storedFailureCode };
}
