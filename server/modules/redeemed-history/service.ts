import { receiptPdf } from '../payments/receipt-pdf.ts';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { Language } from '../../lib/i18n.ts';
import { runtime } from '../../lib/runtime.ts';
import type { CouponRow, OrderRow, OutletRow, RedemptionRow } from '../../db/tables.ts';
import { refundsOfOrders } from '../payments/refunds.ts';
import { discountOf } from '../orders/money.ts';
import {
  REDEEMED_HISTORY_MESSAGES,
  type listRedeemedHistoryInputSchema,
  type RedemptionPage,
  type RedemptionOrderFields,
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

/** The view's columns (aliased to its field names), and the order's id for its refunds. */
const COLUMNS = [
  'e.redemptionId as id',
  'o.id as internalOrderId',
  'o.publicId as orderId',
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

/** A row of baseQuery with COLUMNS: an entry (its redemption id null for a refunded payment), its order, outlet and coupon. */
type EntryRow = { id: RedemptionRow['id'] | null; internalOrderId: OrderRow['id']; orderId: OrderRow['publicId'] } & RedemptionOrderFields & {
  outletName: OutletRow['name'];
  outletLocality: OutletRow['addressLineTwo'];
  couponCode: CouponRow['code'] | null;
  redeemedAt: RedemptionRow['redeemedAt'] | null;
  at: Date;
};

/** The entries with their refunds. A refunded payment saved nothing (the bill was not paid with Bachat) and has no receipt. */
async function withRefunds(rows: EntryRow[]): Promise<RedemptionView[]> {
  const refunds = await refundsOfOrders(rows.map((r) => r.internalOrderId));
  return rows.map(({ internalOrderId, ...r }) => {
    const paid = r.id !== null;
    return {
      ...r,
      kind: paid ? 'paid' : 'refunded',
      savedPaise: paid ? discountOf(r) : 0,
      receiptCode: paid ? r.receiptCode : null,
      verificationCode: paid ? r.verificationCode : null,
      redeemedAt: paid ? r.redeemedAt : null,
      refunds: refunds.get(internalOrderId) ?? [],
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
      .select<EntryRow[]>(COLUMNS),
    db.from(entries(db, consumerId).as('e')).count({ n: '*' }).first(),
  ]);
  return { items: await withRefunds(rows), total: Number(count?.n ?? 0), offSet: input.offSet, limit: input.limit };
}

/** One of the shopper's paid bills by its redemption id (NOT_FOUND for anyone else's). */
export async function getRedemption(consumerId: number, id: number): Promise<RedemptionView> {
  const row = await baseQuery(runtime().db, consumerId).where('e.redemptionId', id).first<EntryRow | undefined>(COLUMNS);
  if (!row) throw notFound(REDEEMED_HISTORY_MESSAGES.notFound);
  const [view] = await withRefunds([row]);
  return view!;
}

/** The receipt PDF of one of the shopper's paid bills (payments' receipt; someone else's id is a 404). */
export async function redemptionReceiptPdf(consumerId: number, id: number, language: Language | null = null) {
  const { orderId } = await getRedemption(consumerId, id);
  return receiptPdf(consumerId, orderId, language);
}
