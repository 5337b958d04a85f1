import type { Knex } from 'knex';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { refundsOfOrders } from '../payments/refunds.ts';
import {
  REDEEMED_HISTORY_MESSAGES,
  type listRedeemedHistoryInputSchema,
  type RedemptionPage,
  type RedemptionView,
} from './schema.ts';

/**
 * The entries of a shopper's history: one per paid bill (its redemption), and one per order that was
 * not paid but whose captured money was refunded (newest refund time), each with its time.
 */
function entries(db: Knex, consumerId: number) {
  const paid = db('redemptions as r')
    .where('r.consumerId', consumerId)
    .select('r.id as redemptionId', 'r.orderId', 'r.couponId', 'r.redeemedAt', 'r.redeemedAt as at');
  const refunded = db('orders as o')
    .join('refunds as f', 'f.orderId', 'o.id')
    .where('o.consumerId', consumerId)
    .whereNot('o.status', 'paid')
    .groupBy('o.id')
    .select(db.raw('NULL::bigint AS redemption_id'), 'o.id as orderId', db.raw('NULL::bigint AS coupon_id'), db.raw('NULL::timestamptz AS redeemed_at'), db.raw('max(f.created_at) AS at'));
  return paid.unionAll(refunded, true);
}

function baseQuery(db: Knex, consumerId: number) {
  return db
    .from(entries(db, consumerId).as('e'))
    .join('orders as o', 'o.id', 'e.orderId')
    .join('outlets as t', 't.id', 'o.outletId')
    .leftJoin('coupons as c', 'c.id', 'e.couponId');
}

const COLUMNS = [
  'e.redemptionId',
  'o.id as internalOrderId',
  'o.publicId',
  'o.outletId',
  't.name as outletName',
  't.addressLineTwo as outletLocality',
  'o.billPaise',
  'o.amountPaise',
  'o.instantDiscountPercent',
  'o.instantDiscountPaise',
  'o.shuffleDiscountPercent',
  'o.shuffleDiscountPaise',
  'o.convenienceFeePaise',
  'o.gstPaise',
  'c.code as couponCode',
  'o.receiptCode',
  'o.verificationCode',
  'e.redeemedAt',
  'e.at',
];

async function toViews(rows: Record<string, unknown>[]): Promise<RedemptionView[]> {
  const refunds = await refundsOfOrders(rows.map((r) => Number(r.internalOrderId)));
  const n = (v: unknown) => Number(v);
  return rows.map((r) => {
    const paid = r.redemptionId !== null && r.redemptionId !== undefined;
    return {
      id: paid ? n(r.redemptionId) : null,
      kind: paid ? 'paid' : 'refunded',
      orderId: String(r.publicId),
      outletId: n(r.outletId),
      outletName: String(r.outletName),
      outletLocality: String(r.outletLocality ?? ''),
      billPaise: n(r.billPaise),
      amountPaise: n(r.amountPaise),
      // A refunded payment saved nothing: the bill was not paid with Bachat.
      savedPaise: paid ? n(r.instantDiscountPaise) + n(r.shuffleDiscountPaise) : 0,
      instantDiscountPercent: n(r.instantDiscountPercent),
      instantDiscountPaise: n(r.instantDiscountPaise),
      shuffleDiscountPercent: n(r.shuffleDiscountPercent),
      shuffleDiscountPaise: n(r.shuffleDiscountPaise),
      convenienceFeePaise: n(r.convenienceFeePaise),
      gstPaise: n(r.gstPaise),
      couponCode: (r.couponCode as string | null) ?? null,
      receiptCode: paid ? ((r.receiptCode as string | null) ?? null) : null,
      verificationCode: paid ? ((r.verificationCode as string | null) ?? null) : null,
      redeemedAt: paid ? new Date(r.redeemedAt as string) : null,
      at: new Date(r.at as string),
      refunds: refunds.get(n(r.internalOrderId)) ?? [],
    };
  });
}

/** The shopper's history (paid bills and refunded payments), newest first, a page at a time. */
export async function listRedeemedHistory(
  consumerId: number,
  input: z.output<typeof listRedeemedHistoryInputSchema>,
): Promise<RedemptionPage> {
  const { db } = runtime();
  const [rows, count] = await Promise.all([
    baseQuery(db, consumerId)
      .orderBy([{ column: 'e.at', order: 'desc' }, { column: 'o.id', order: 'desc' }])
      .offset(input.offSet)
      .limit(input.limit)
      .select(COLUMNS),
    db.from(entries(db, consumerId).as('e')).count({ n: '*' }).first(),
  ]);
  return { items: await toViews(rows), total: Number(count?.n ?? 0), offSet: input.offSet, limit: input.limit };
}

/** One of the shopper's paid bills by its redemption id (NOT_FOUND for anyone else's). */
export async function getRedemption(consumerId: number, id: number): Promise<RedemptionView> {
  const row = await baseQuery(runtime().db, consumerId).where('e.redemptionId', id).first(COLUMNS);
  if (!row) throw notFound(REDEEMED_HISTORY_MESSAGES.notFound);
  const [view] = await toViews([row]);
  return view!;
}
