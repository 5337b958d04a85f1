import type { Knex } from 'knex';
import { badRequest, notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import type { CouponRow } from '../../db/tables.ts';
import { getLiveOffer } from '../offers/service.ts';
import { isOpenAt } from '../offers/rules.ts';
import { COUPON_MESSAGES } from '../coupons/schema.ts';
import { computeBill, feeConfigOf } from '../orders/money.ts';
import { BILL_MESSAGES, MINIMUM_BILL_PAISE, type Bill, type CouponSummary, type GetBillParsed } from './schema.ts';

/** The outlet facts a bill needs; throws NOT_FOUND for an unknown or unpublished outlet. */
export async function loadPayableOutlet(outletId: number, trx?: Knex.Transaction) {
  const row = await (trx ?? runtime().db)('outlets')
    .where({ id: outletId, isLive: true })
    .first('id', 'name', 'opensAt', 'closesAt', 'shuffleMinPercent', 'shuffleMaxPercent');
  if (!row) throw notFound('Outlet not found');
  return row;
}

const couponOf = (r: Pick<CouponRow, 'id' | 'code' | 'discountPercent' | 'validUntil'>): CouponSummary => ({
  id: r.id,
  code: r.code,
  discountPercent: r.discountPercent,
  validUntil: r.validUntil,
});

/**
 * The Shuffle coupon to apply: the one asked for (it must be the shopper's, for this outlet, live, not
 * redeemed and still valid), or by default the best usable one (highest percent, then expiring first).
 */
export async function pickCoupon(
  consumerId: number,
  outletId: number,
  couponId: number | null | undefined,
  trx?: Knex.Transaction,
): Promise<CouponSummary | null> {
  if (couponId === null) return null;
  const { db, now } = runtime();
  const usable = () => (trx ?? db)('coupons').where({ consumerId, isLive: true }).whereNull('redeemedAt').where('validUntil', '>', now());
  if (couponId !== undefined) {
    const row = await (trx ?? db)('coupons').where({ id: couponId, consumerId }).first();
    if (!row) throw notFound(COUPON_MESSAGES.notFound);
    if (row.outletId !== outletId) throw badRequest(COUPON_MESSAGES.otherOutlet, { couponId: COUPON_MESSAGES.otherOutlet });
    const ok = await usable().where({ id: couponId }).first('id');
    if (!ok) throw badRequest(COUPON_MESSAGES.notUsable, { couponId: COUPON_MESSAGES.notUsable });
    return couponOf(row);
  }
  const best = await usable()
    .where({ outletId })
    .orderBy([{ column: 'discountPercent', order: 'desc' }, { column: 'validUntil', order: 'asc' }, { column: 'id', order: 'asc' }])
    .first('id', 'code', 'discountPercent', 'validUntil');
  return best ? couponOf(best) : null;
}

/**
 * The whole breakdown for a bill at an outlet now: the live offer (offers module, one precedence), the
 * Shuffle coupon, the convenience fee and GST, all from `computeBill`.
 */
export async function getBill(
  consumerId: number,
  input: GetBillParsed,
  trx?: Knex.Transaction,
  /** A group bill's share: its part of the whole bill's instant discount, fixed when the group was made (no live offer is read). */
  fixedInstant?: { paise: number; percent: number },
): Promise<Bill> {
  const { env, now } = runtime();
  const at = now();
  const outlet = await loadPayableOutlet(input.outletId, trx);
  const [offer, coupon] = await Promise.all([
    fixedInstant ? null : getLiveOffer(outlet.id, { now: at, trx }),
    pickCoupon(consumerId, outlet.id, input.couponId, trx),
  ]);
  const amounts = computeBill({
    billPaise: input.amount,
    instantDiscountPercent: fixedInstant?.percent ?? offer?.discountPercent ?? 0,
    ...(fixedInstant ? { instantDiscountPaise: fixedInstant.paise } : {}),
    shuffleDiscountPercent: coupon?.discountPercent ?? 0,
    fees: feeConfigOf(env),
  });
  return {
    ...amounts,
    outletId: outlet.id,
    outletName: outlet.name,
    isOpen: isOpenAt(outlet.opensAt, outlet.closesAt, at),
    minimumBillPaise: MINIMUM_BILL_PAISE,
    message: amounts.belowMinimum ? BILL_MESSAGES.belowMinimum : null,
    offer:
      offer && !amounts.belowMinimum
        ? { source: offer.source, title: offer.title, discountPercent: offer.discountPercent, validUntil: offer.validUntil }
        : null,
    coupon: amounts.belowMinimum ? null : coupon,
    shuffleRange: { minPercent: outlet.shuffleMinPercent, maxPercent: outlet.shuffleMaxPercent },
  };
}
