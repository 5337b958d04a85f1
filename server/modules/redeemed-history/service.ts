import type { Knex } from 'knex';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import {
  REDEEMED_HISTORY_MESSAGES,
  type listRedeemedHistoryInputSchema,
  type RedemptionPage,
  type RedemptionView,
} from './schema.ts';

function baseQuery(db: Knex, consumerId: number) {
  return db('redemptions as r')
    .join('orders as o', 'o.id', 'r.orderId')
    .join('outlets as t', 't.id', 'r.outletId')
    .leftJoin('coupons as c', 'c.id', 'r.couponId')
    .where('r.consumerId', consumerId);
}

const COLUMNS = [
  'r.id',
  'o.publicId',
  'r.outletId',
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
  'r.redeemedAt',
];

function toView(r: Record<string, unknown>): RedemptionView {
  const n = (v: unknown) => Number(v);
  return {
    id: n(r.id),
    orderId: String(r.publicId),
    outletId: n(r.outletId),
    outletName: String(r.outletName),
    outletLocality: String(r.outletLocality ?? ''),
    billPaise: n(r.billPaise),
    amountPaise: n(r.amountPaise),
    savedPaise: n(r.instantDiscountPaise) + n(r.shuffleDiscountPaise),
    instantDiscountPercent: n(r.instantDiscountPercent),
    instantDiscountPaise: n(r.instantDiscountPaise),
    shuffleDiscountPercent: n(r.shuffleDiscountPercent),
    shuffleDiscountPaise: n(r.shuffleDiscountPaise),
    convenienceFeePaise: n(r.convenienceFeePaise),
    gstPaise: n(r.gstPaise),
    couponCode: (r.couponCode as string | null) ?? null,
    receiptCode: (r.receiptCode as string | null) ?? null,
    verificationCode: (r.verificationCode as string | null) ?? null,
    redeemedAt: new Date(r.redeemedAt as string),
  };
}

/** The shopper's paid bills, newest first, a page at a time. */
export async function listRedeemedHistory(
  consumerId: number,
  input: z.output<typeof listRedeemedHistoryInputSchema>,
): Promise<RedemptionPage> {
  const { db } = runtime();
  const [rows, count] = await Promise.all([
    baseQuery(db, consumerId)
      .orderBy([{ column: 'r.redeemedAt', order: 'desc' }, { column: 'r.id', order: 'desc' }])
      .offset(input.offSet)
      .limit(input.limit)
      .select(COLUMNS),
    db('redemptions').where({ consumerId }).count({ n: '*' }).first(),
  ]);
  return { items: rows.map(toView), total: Number(count?.n ?? 0), offSet: input.offSet, limit: input.limit };
}

/** One of the shopper's redemptions (NOT_FOUND for anyone else's). */
export async function getRedemption(consumerId: number, id: number): Promise<RedemptionView> {
  const row = await baseQuery(runtime().db, consumerId).where('r.id', id).first(COLUMNS);
  if (!row) throw notFound(REDEEMED_HISTORY_MESSAGES.notFound);
  return toView(row);
}
