import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/errors.ts';
import { keyedHash } from '../../lib/crypto.ts';
import { runtime } from '../../lib/runtime.ts';
import { single } from '../../db/rows.ts';
import type { OrderFailureCode, OrderRow } from '../../db/tables.ts';
import { getBill } from '../bills/service.ts';
import { checkoutTimeoutSeconds, isOrderExpired } from './money.ts';
import { recordOrderTransfer, transferPlanFor } from '../settlements/transfers.ts';
import {
  ORDER_MESSAGES,
  ORDER_TTL_MS,
  type createOrderInputSchema,
  type CheckoutInfo,
  type CreatedOrder,
  type OrderBreakdown,
  type OrderStatus,
} from './schema.ts';

/** The status a reader sees: an open order past its expiry is `expired` (stored lazily, by the next event; orders/money.ts). */
export function visibleStatus(order: Pick<OrderRow, 'status' | 'expiresAt'>, now: Date): OrderStatus {
  return isOrderExpired(order, now) ? 'expired' : order.status;
}

const clockTime = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** The shopper's own order by its public id (NOT_FOUND for anyone else's: no existence leak). */
export async function getOwnOrder(consumerId: number, publicId: string, trx?: Knex.Transaction): Promise<OrderRow> {
  const row = await (trx ?? runtime().db)('orders').where({ publicId, consumerId }).first();
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  return row;
}

function checkoutOf(order: OrderRow, outletName: string): CheckoutInfo {
  const { payments } = runtime();
  if (order.provider === 'razorpay') {
    return {
      provider: 'razorpay',
      keyId: payments.publicKey ?? '',
      providerOrderId: order.providerOrderId ?? '',
      amountPaise: order.amountPaise,
      currency: 'INR',
      name: 'Bachat',
      description: `Bill at ${outletName}`,
      timeout: checkoutTimeoutSeconds(order.expiresAt, runtime().now()),
    };
  }
  return { provider: 'sandbox', url: `/payment-demo?orderId=${order.publicId}` };
}

async function toCreatedOrder(order: OrderRow): Promise<CreatedOrder> {
  const outlet = await runtime().db('outlets').where({ id: order.outletId }).first('name');
  const outletName = String(outlet?.name ?? '');
  const breakdown: OrderBreakdown = {
    outletId: order.outletId,
    outletName,
    billPaise: order.billPaise,
    instantDiscountPercent: order.instantDiscountPercent,
    instantDiscountPaise: order.instantDiscountPaise,
    shuffleDiscountPercent: order.shuffleDiscountPercent,
    shuffleDiscountPaise: order.shuffleDiscountPaise,
    convenienceFeePaise: order.convenienceFeePaise,
    gstPaise: order.gstPaise,
    amountPaise: order.amountPaise,
    offerSource: order.offerSource,
    couponId: order.couponId,
  };
  return {
    orderId: order.publicId,
    status: visibleStatus(order, runtime().now()),
    expiresAt: order.expiresAt,
    provider: order.provider,
    providerOrderId: order.providerOrderId ?? '',
    amountPaise: order.amountPaise,
    breakdown,
    checkout: checkoutOf(order, outletName),
  };
}

/** What an order paying a group bill's shares carries (group-bills). */
export interface GroupOrderSpec {
  groupBillId: number;
  /** Sorted ascending. */
  shareIds: number[];
  /** The shares' part of the whole bill's instant discount, and its percent. */
  instantDiscountPaise: number;
  instantDiscountPercent: number;
  offerSource: string | null;
  /** The group bill's expiry: the order's is never later. */
  expiresAt: Date;
}

/**
 * Creates the order for a breakdown, recomputing every amount here (whatever amount the client sent is
 * ignored). The idempotency key makes retries safe: the same key returns the same order (a key reused
 * for a different outlet, bill or coupon is a 409), even once it has expired (its status says so; a new
 * attempt uses a new key). A coupon is held by the shopper's open order until it expires: a new order
 * for the same coupon is a 409 meanwhile. The check and the insert run under a lock on the coupon row, so
 * two racing orders cannot both take it. The provider's order is created after the row is committed;
 * a retry after a provider failure asks the provider again.
 */
export async function createOrder(
  consumerId: number,
  input: z.output<typeof createOrderInputSchema>,
  /** The group bill's shares this order pays (group-bills `orderShares`): `input.amount` is their part of the bill. */
  group?: GroupOrderSpec,
): Promise<CreatedOrder> {
  const { db, payments, now } = runtime();
  const sameRequest = (o: OrderRow) =>
    o.outletId === input.outletId &&
    o.billPaise === input.amount &&
    (input.couponId === undefined || o.couponId === input.couponId) &&
    o.groupBillId === (group?.groupBillId ?? null) &&
    String(o.groupShareIds ?? []) === String(group?.shareIds ?? []);
  const existing = await db('orders').where({ consumerId, idempotencyKey: input.idempotencyKey }).first();
  let order: OrderRow;
  if (existing) {
    order = existing;
    if (!sameRequest(order)) throw conflict(ORDER_MESSAGES.idempotencyKeyReused, { idempotencyKey: ORDER_MESSAGES.idempotencyKeyReused });
  } else {
    order = await db.transaction(async (trx) => {
      const at = now();
      const bill = await getBill(
        consumerId,
        { outletId: input.outletId, amount: input.amount, couponId: input.couponId },
        trx,
        group && { paise: group.instantDiscountPaise, percent: group.instantDiscountPercent },
      );
      if (bill.coupon) await assertCouponFree(trx, bill.coupon.id, input.idempotencyKey, at);
      const inserted = await trx('orders')
        .insert({
          consumerId,
          outletId: bill.outletId,
          couponId: bill.coupon?.id ?? null,
          idempotencyKey: input.idempotencyKey,
          status: 'created',
          provider: payments.name,
          billPaise: bill.billPaise,
          instantDiscountPercent: bill.instantDiscountPercent,
          instantDiscountPaise: bill.instantDiscountPaise,
          shuffleDiscountPercent: bill.shuffleDiscountPercent,
          shuffleDiscountPaise: bill.shuffleDiscountPaise,
          convenienceFeePaise: bill.convenienceFeePaise,
          gstPaise: bill.gstPaise,
          amountPaise: bill.amountPaise,
          offerSource: group ? group.offerSource : (bill.offer?.source ?? null),
          tableNumber: input.tableNumber ?? null,
          // A share's checkout closes with its group bill at the latest.
          expiresAt: new Date(Math.min(at.getTime() + ORDER_TTL_MS, group?.expiresAt.getTime() ?? Infinity)),
          groupBillId: group?.groupBillId ?? null,
          groupShareIds: group?.shareIds ?? null,
        })
        .onConflict(['consumerId', 'idempotencyKey'])
        .ignore()
        .returning('*');
      // Not inserted: a racing request with the same key inserted it first.
      const o = inserted[0] ?? single(await trx('orders').where({ consumerId, idempotencyKey: input.idempotencyKey }));
      if (!inserted[0] && !sameRequest(o)) {
        throw conflict(ORDER_MESSAGES.idempotencyKeyReused, { idempotencyKey: ORDER_MESSAGES.idempotencyKeyReused });
      }
      return o;
    });
  }
  if (!order.providerOrderId && order.status !== 'paid' && visibleStatus(order, now()) !== 'expired') {
    // Razorpay Route: the outlet's share goes to its linked account, held until the refund window ends.
    const transfer = await transferPlanFor(order);
    const created = await payments.createOrder({
      amountPaise: order.amountPaise,
      receipt: order.publicId,
      notes: { orderId: order.publicId },
      ...(transfer ? { transfers: [transfer] } : {}),
    });
    // Two racing retries may both ask the provider; the first id stored wins and both return it.
    const stored = order;
    await db.transaction(async (trx) => {
      const won = await trx('orders').where({ id: stored.id }).whereNull('providerOrderId').update({ providerOrderId: created.providerOrderId, updatedAt: trx.fn.now() });
      if (won && transfer) await recordOrderTransfer(trx, stored, transfer, created.transfers?.[0]);
    });
    order = single(await db('orders').where({ id: order.id }));
  }
  return toCreatedOrder(order);
}

/**
 * The coupon hold: locks the coupon row, then refuses (409) when another open, unexpired order of the
 * shopper's carries it. The same idempotency key is the same request (a racing retry), not a rival.
 */
async function assertCouponFree(trx: Knex.Transaction, couponId: number, idempotencyKey: string, at: Date): Promise<void> {
  await trx('coupons').where({ id: couponId }).forUpdate().first('id');
  const holder = await trx('orders')
    .where({ couponId, status: 'created' })
    .where('expiresAt', '>', at)
    .whereNot({ idempotencyKey })
    .orderBy('expiresAt', 'desc')
    .first('expiresAt');
  if (holder) {
    const message = ORDER_MESSAGES.couponHeld.replace('{time}', clockTime.format(holder.expiresAt));
    throw conflict(message, { couponId: message });
  }
}

// ---------------------------------------------------------------- the payment's outcome

/*
 * The capture (server/modules/payments, applyPaymentEvent) decides an order's fate in its transaction;
 * these are the only writes to an order after it is created.
 */

const RECEIPT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReceiptCode(): string {
  let code = 'BCH-';
  for (let i = 0; i < 8; i++) code += RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)];
  return code;
}

/** Six digits derived (keyed) from the order id: what the staff compare at the counter. */
export function verificationCodeOf(publicId: string): string {
  const h = keyedHash(runtime().secret, 'receipt-verification', publicId);
  return String(parseInt(h.slice(0, 12), 16) % 1_000_000).padStart(6, '0');
}

/** The order is paid: its receipt code (`BCH-` + 8 characters, CSPRNG) and verification code are set. */
export async function markOrderPaid(trx: Knex.Transaction, order: Pick<OrderRow, 'id' | 'publicId'>, at: Date): Promise<void> {
  await trx('orders').where({ id: order.id }).update({
    status: 'paid',
    failureCode: null,
    paidAt: at,
    receiptCode: newReceiptCode(),
    verificationCode: verificationCodeOf(order.publicId),
    updatedAt: at,
  });
}

/** Any other outcome the state machine gives an order (failed, expired…), with why. */
export async function setOrderOutcome(
  trx: Knex.Transaction,
  orderId: number,
  outcome: { status: OrderStatus; failureCode: OrderFailureCode | null },
  at: Date,
): Promise<void> {
  await trx('orders').where({ id: orderId }).update({ status: outcome.status, failureCode: outcome.failureCode, updatedAt: at });
}
