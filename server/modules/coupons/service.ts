import { runtime } from '../../lib/runtime.ts';
import type { CouponList, CouponView } from './schema.ts';

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
    .select(
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
    const validUntil = new Date(r.validUntil);
    const redeemedAt = r.redeemedAt ? new Date(r.redeemedAt) : null;
    const live = Boolean(r.isLive) && !redeemedAt && validUntil.getTime() > at && r.discountPercent !== null;
    const view: CouponView = {
      id: Number(r.id),
      code: r.code,
      outletId: Number(r.outletId),
      outletName: r.outletName,
      discountPercent: Number(r.discountPercent),
      isLive: live,
      redeemed: Boolean(redeemedAt),
      usedGoldenKey: Boolean(r.usedGoldenKey),
      validUntil,
      redeemedAt,
      createdAt: new Date(r.createdAt),
    };
    (redeemedAt ? out.redeemed : live ? out.active : out.expired).push(view);
  }
  out.counts = {
    active: out.active.length,
    expired: out.expired.length,
    redeemed: out.redeemed.length,
    total: rows.length,
  };
  return out;
}
