import type { Knex } from 'knex';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { getBill } from '../bills/service.ts';
import {
  ORDER_MESSAGES,
  type createOrderInputSchema,
  type CheckoutInfo,
  type CreatedOrder,
  type OrderBreakdown,
  type OrderStatus,
  type ProviderName,
} from './schema.ts';

/** An order row as services read it (camelCase; numbers already numbers). */
export interface OrderRow {
  id: number;
  publicId: string;
  consumerId: number;
  outletId: number;
  couponId: number | null;
  idempotencyKey: string;
  status: OrderStatus;
  provider: ProviderName;
  providerOrderId: string | null;
  billPaise: number;
  instantDiscountPercent: number;
  instantDiscountPaise: number;
  shuffleDiscountPercent: number;
  shuffleDiscountPaise: number;
  convenienceFeePaise: number;
  gstPaise: number;
  amountPaise: number;
  offerSource: string | null;
  receiptCode: string | null;
  verificationCode: string | null;
  paidAt: Date | null;
  createdAt: Date;
}

export function toOrderRow(r: Record<string, unknown>): OrderRow {
  const n = (v: unknown) => Number(v);
  return {
    id: n(r.id),
    publicId: String(r.publicId),
    consumerId: n(r.consumerId),
    outletId: n(r.outletId),
    couponId: r.couponId === null || r.couponId === undefined ? null : n(r.couponId),
    idempotencyKey: String(r.idempotencyKey),
    status: r.status as OrderStatus,
    provider: r.provider as ProviderName,
    providerOrderId: (r.providerOrderId as string | null) ?? null,
    billPaise: n(r.billPaise),
    instantDiscountPercent: n(r.instantDiscountPercent),
    instantDiscountPaise: n(r.instantDiscountPaise),
    shuffleDiscountPercent: n(r.shuffleDiscountPercent),
    shuffleDiscountPaise: n(r.shuffleDiscountPaise),
    convenienceFeePaise: n(r.convenienceFeePaise),
    gstPaise: n(r.gstPaise),
    amountPaise: n(r.amountPaise),
    offerSource: (r.offerSource as string | null) ?? null,
    receiptCode: (r.receiptCode as string | null) ?? null,
    verificationCode: (r.verificationCode as string | null) ?? null,
    paidAt: r.paidAt ? new Date(r.paidAt as string) : null,
    createdAt: new Date(r.createdAt as string),
  };
}

/** The shopper's own order by its public id (NOT_FOUND for anyone else's: no existence leak). */
export async function getOwnOrder(consumerId: number, publicId: string, trx?: Knex.Transaction): Promise<OrderRow> {
  const row = await (trx ?? runtime().db)('orders').where({ publicId, consumerId }).first();
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  return toOrderRow(row);
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
    status: order.status,
    provider: order.provider,
    providerOrderId: order.providerOrderId ?? '',
    amountPaise: order.amountPaise,
    breakdown,
    checkout: checkoutOf(order, outletName),
  };
}

/**
 * Creates the order for a breakdown, recomputing every amount here (whatever amount the client sent is
 * ignored). The idempotency key makes retries safe: the same key returns the same order (a key reused
 * for a different outlet, bill or coupon is a 409). The provider's order is created after the row is
 * committed; a retry after a provider failure asks the provider again.
 */
export async function createOrder(consumerId: number, input: z.output<typeof createOrderInputSchema>): Promise<CreatedOrder> {
  const { db, payments } = runtime();
  const sameRequest = (o: OrderRow) =>
    o.outletId === input.outletId &&
    o.billPaise === input.amount &&
    (input.couponId === undefined || o.couponId === input.couponId);
  const existing = await db('orders').where({ consumerId, idempotencyKey: input.idempotencyKey }).first();
  let order: OrderRow;
  if (existing) {
    order = toOrderRow(existing);
    if (!sameRequest(order)) throw conflict(ORDER_MESSAGES.idempotencyKeyReused, { idempotencyKey: ORDER_MESSAGES.idempotencyKeyReused });
  } else {
    const bill = await getBill(consumerId, { outletId: input.outletId, amount: input.amount, couponId: input.couponId });
    const inserted = await db('orders')
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
        offerSource: bill.offer?.source ?? null,
      })
      .onConflict(['consumerId', 'idempotencyKey'])
      .ignore()
      .returning('*');
    const row = inserted[0] ?? (await db('orders').where({ consumerId, idempotencyKey: input.idempotencyKey }).first());
    order = toOrderRow(row);
    if (!inserted[0] && !sameRequest(order)) {
      throw conflict(ORDER_MESSAGES.idempotencyKeyReused, { idempotencyKey: ORDER_MESSAGES.idempotencyKeyReused });
    }
  }
  if (!order.providerOrderId && order.status !== 'paid') {
    const { providerOrderId } = await payments.createOrder({
      amountPaise: order.amountPaise,
      receipt: order.publicId,
      notes: { orderId: order.publicId },
    });
    // Two racing retries may both ask the provider; the first id stored wins and both return it.
    await db('orders').where({ id: order.id }).whereNull('providerOrderId').update({ providerOrderId, updatedAt: db.fn.now() });
    order = toOrderRow(await db('orders').where({ id: order.id }).first());
  }
  return toCreatedOrder(order);
}
