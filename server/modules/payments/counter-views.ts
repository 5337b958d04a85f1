import type { Knex } from 'knex';
import { discountOf, refundStateOf } from '../orders/money.ts';
import type { OrderRow } from '../../db/tables.ts';
import { OWNER_REFUND_WINDOW_MS, type CounterPayment, type CounterPaymentStatus, type CounterRefund } from './schema.ts';

/**
 * The counter's rows (docs/payments.md "The counter"): a paid bill with its owner refunds, as the
 * payments screen, its live events and the refund answer show it. Read here, next to the tables they
 * come from, so the capture and refund transactions can put a row in the event they announce.
 */

/** Paid, partly refunded or refunded, from what the outlet refunded (pending refunds count: the money is going back). */
export function counterStatusOf(amountPaise: number, refundedPaise: number): CounterPaymentStatus {
  return refundStateOf(amountPaise, refundedPaise);
}

/** The order columns a counter row shows. */
export const COUNTER_ORDER_COLUMNS = [
  'id',
  'publicId',
  'receiptCode',
  'verificationCode',
  'paidAt',
  'createdAt',
  'billPaise',
  'instantDiscountPaise',
  'shuffleDiscountPaise',
  'amountPaise',
  'tableNumber',
] as const;
export type CounterOrderRow = Pick<OrderRow, (typeof COUNTER_ORDER_COLUMNS)[number]>;

/** The owner refunds of some orders, oldest first. */
async function ownerRefundsOf(db: Knex, orderIds: number[]): Promise<Map<number, CounterRefund[]>> {
  const out = new Map<number, CounterRefund[]>();
  if (!orderIds.length) return out;
  const rows = await db('refunds')
    .whereIn('orderId', orderIds)
    .where({ kind: 'owner' })
    .orderBy('id')
    .select('id', 'orderId', 'amountPaise', 'status', 'reason', 'createdAt', 'processedAt');
  for (const { orderId, ...refund } of rows) {
    const list = out.get(orderId) ?? [];
    list.push(refund);
    out.set(orderId, list);
  }
  return out;
}

export function toCounterPayment(o: CounterOrderRow, refunds: CounterRefund[]): CounterPayment {
  const live = refunds.filter((f) => f.status !== 'failed');
  const refundedPaise = live.reduce((s, f) => s + f.amountPaise, 0);
  const paidAt = o.paidAt ?? o.createdAt;
  return {
    orderId: o.publicId,
    receiptCode: o.receiptCode ?? '',
    verificationCode: o.verificationCode ?? '',
    paidAt,
    billPaise: o.billPaise,
    discountPaise: discountOf(o),
    amountPaise: o.amountPaise,
    status: counterStatusOf(o.amountPaise, refundedPaise),
    refundedPaise,
    refundPendingPaise: live.filter((f) => f.status === 'pending').reduce((s, f) => s + f.amountPaise, 0),
    refundablePaise: Math.max(0, o.amountPaise - refundedPaise),
    refundableUntil: new Date(paidAt.getTime() + OWNER_REFUND_WINDOW_MS),
    refunds,
    tableNumber: o.tableNumber ?? null,
  };
}

/** Counter rows for orders already read, in their order. */
export async function counterPaymentsOf(db: Knex, orders: CounterOrderRow[]): Promise<CounterPayment[]> {
  const refunds = await ownerRefundsOf(
    db,
    orders.map((o) => o.id),
  );
  return orders.map((o) => toCounterPayment(o, refunds.get(o.id) ?? []));
}

/** Counter rows by order id (the feed: the orders its events name). */
export async function counterPaymentsById(db: Knex, orderIds: number[]): Promise<Map<number, CounterPayment>> {
  const ids = [...new Set(orderIds)];
  if (!ids.length) return new Map();
  const orders = await db('orders').whereIn('id', ids).where({ status: 'paid' }).select(...COUNTER_ORDER_COLUMNS);
  const views = await counterPaymentsOf(db, orders);
  return new Map(orders.map((o, i) => [o.id, views[i]!]));
}
