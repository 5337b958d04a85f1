import type { Knex } from 'knex';
import { discountOf, refundStateOf } from '../orders/money.ts';
import type { OrderRow } from '../../db/tables.ts';
import { BOOKED_REFUND_KINDS, OWNER_REFUND_WINDOW_MS, type CounterGroupProgress, type CounterPayment, type CounterPaymentStatus, type CounterRefund } from './schema.ts';

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
  'groupBillId',
] as const;
export type CounterOrderRow = Pick<OrderRow, (typeof COUNTER_ORDER_COLUMNS)[number]>;

/** The owner refunds of some orders, oldest first. */
async function ownerRefundsOf(db: Knex, orderIds: number[]): Promise<Map<number, CounterRefund[]>> {
  const out = new Map<number, CounterRefund[]>();
  if (!orderIds.length) return out;
  const rows = await db('refunds')
    .whereIn('orderId', orderIds)
    .whereIn('kind', BOOKED_REFUND_KINDS)
    .orderBy('id')
    .select('id', 'orderId', 'amountPaise', 'status', 'reason', 'createdAt', 'processedAt');
  for (const { orderId, ...refund } of rows) {
    const list = out.get(orderId) ?? [];
    list.push(refund);
    out.set(orderId, list);
  }
  return out;
}

/**
 * The progress of some group bills (group-bills' tables, read here so a capture's counter event carries
 * it): shares paid of all, and what is left of the discounted total.
 */
async function groupProgressOf(db: Knex, groupBillIds: number[]): Promise<Map<number, CounterGroupProgress>> {
  const out = new Map<number, CounterGroupProgress>();
  const ids = [...new Set(groupBillIds)];
  if (!ids.length) return out;
  const rows = await db('groupBills as g')
    .join('groupBillShares as s', 's.groupBillId', 'g.id')
    .whereIn('g.id', ids)
    .groupBy('g.id')
    .select(
      'g.id',
      'g.code',
      'g.status',
      'g.totalPaise',
      db.raw('count(*)::int AS share_count'),
      db.raw('count(s.paid_order_id)::int AS paid_count'),
      db.raw('coalesce(sum(s.share_paise) FILTER (WHERE s.paid_order_id IS NULL), 0)::int AS left_paise'),
    );
  for (const r of rows as unknown as { id: number; code: string; status: CounterGroupProgress['status']; totalPaise: number; shareCount: number; paidCount: number; leftPaise: number }[]) {
    out.set(r.id, { code: r.code, status: r.status, paidCount: r.paidCount, shareCount: r.shareCount, totalPaise: r.totalPaise, leftPaise: r.leftPaise });
  }
  return out;
}

export function toCounterPayment(o: CounterOrderRow, refunds: CounterRefund[], group: CounterGroupProgress | null = null): CounterPayment {
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
    group,
  };
}

/** Counter rows for orders already read, in their order. */
export async function counterPaymentsOf(db: Knex, orders: CounterOrderRow[]): Promise<CounterPayment[]> {
  const [refunds, groups] = await Promise.all([
    ownerRefundsOf(
      db,
      orders.map((o) => o.id),
    ),
    groupProgressOf(
      db,
      orders.flatMap((o) => (o.groupBillId === null ? [] : [o.groupBillId])),
    ),
  ]);
  return orders.map((o) => toCounterPayment(o, refunds.get(o.id) ?? [], o.groupBillId === null ? null : (groups.get(o.groupBillId) ?? null)));
}

/** Counter rows by order id (the feed: the orders its events name). */
export async function counterPaymentsById(db: Knex, orderIds: number[]): Promise<Map<number, CounterPayment>> {
  const ids = [...new Set(orderIds)];
  if (!ids.length) return new Map();
  const orders = await db('orders').whereIn('id', ids).where({ status: 'paid' }).select(...COUNTER_ORDER_COLUMNS);
  const views = await counterPaymentsOf(db, orders);
  return new Map(orders.map((o, i) => [o.id, views[i]!]));
}
