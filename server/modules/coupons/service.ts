import { runtime } from '../../lib/runtime.ts';
import type { CouponRow, OutletRow } from '../../db/tables.ts';
import type { CouponList, CouponView } from './schema.ts';

type CouponListRow = Pick<CouponRow, 'id' | 'code' | 'outletId' | 'discountPercent' | 'isLive' | 'usedGoldenKey' | 'validUntil' | 'redeemedAt' | 'createdAt'> & {
  outletName: OutletRow['name'];
};

/**
 * A shopper's coupons, newest first, split as SPEC §4 says: active (live, not redeemed, percent set,
 * still valid now), expired (never redeemed, no longer live: past validity or switched off) and
 * redeemed (used on a paid bill; they also show in the redeemed history).
 */
export async function listCoupons(consumerId: number): Promise<CouponList> {
  const { db, now } = runtime();
  const at = now().getTime();
  const rows = await db('coupons as c')
    .join('outlets as o', 'o.id', 'c.outletId')
    .where('c.consumerId', consumerId)
    .orderBy([{ column: 'c.createdAt', order: 'desc' }, { column: 'c.id', order: 'desc' }])
    .limit(500)
    .select<CouponListRow[]>(
      'c.id',
      'c.code',
      'c.outletId',
      'o.name as outletName',
      'c.discountPercent',
      'c.isLive',
      'c.usedGoldenKey',
      'c.validUntil',
      'c.redeemedAt',
      'c.createdAt',
    );
  const out: CouponList = { active: [], expired: [], redeemed: [], counts: { active: 0, expired: 0, redeemed: 0, total: 0 } };
  for (const r of rows) {
    const redeemed = r.redeemedAt !== null;
    const view: CouponView = { ...r, isLive: r.isLive && !redeemed && r.validUntil.getTime() > at, redeemed };
    (redeemed ? out.redeemed : view.isLive ? out.active : out.expired).push(view);
  }
  out.counts = {
    active: out.active.length,
    expired: out.expired.length,
    redeemed: out.redeemed.length,
    total: rows.length,
  };
  return out;
}
