import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CouponList, CouponView } from '@server/modules/coupons/schema';

/** SPEC §8: what /coupons says when the response is missing or not the expected shape (`i18n._` it). */
export const NO_COUPONS_DATA = msg`No coupons data received`;

export type CouponTabKey = 'active' | 'expired' | 'redeemed';
export type CouponTab = { key: CouponTabKey; label: MessageDescriptor; count: number; items: CouponView[] };

const TAB_LABELS: Record<CouponTabKey, MessageDescriptor> = {
  active: msg({ message: 'Active', comment: 'Coupons tab: still usable' }),
  expired: msg({ message: 'Expired', comment: 'Coupons tab' }),
  redeemed: msg({ message: 'Used', comment: 'Coupons tab: used on a payment' }),
};

const isCoupon = (value: unknown): value is CouponView => {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return typeof c.id === 'number' && typeof c.outletName === 'string' && typeof c.code === 'string';
};

/**
 * The server splits the coupons (SPEC §4: active = live, not redeemed, percent set; expired = not
 * live). This checks the answer is that shape before the page trusts it (null → NO_COUPONS_DATA), and
 * keeps each list's own rule as a guard: a coupon without a percent is never shown as active.
 */
export function readCouponList(data: unknown): CouponList | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const lists = [d.active, d.expired, d.redeemed];
  if (!lists.every((l) => Array.isArray(l) && l.every(isCoupon))) return null;
  const active = (d.active as CouponView[]).filter(
    (c) => c.isLive && !c.redeemed && c.discountPercent !== null && c.discountPercent !== undefined,
  );
  const expired = d.expired as CouponView[];
  const redeemed = d.redeemed as CouponView[];
  return {
    active,
    expired,
    redeemed,
    counts: {
      active: active.length,
      expired: expired.length,
      redeemed: redeemed.length,
      total: active.length + expired.length + redeemed.length,
    },
  };
}

/** The page's tabs in order, each with its count. */
export function couponTabs(list: CouponList): CouponTab[] {
  return (['active', 'expired', 'redeemed'] as const).map((key) => ({
    key,
    label: TAB_LABELS[key],
    count: list.counts[key],
    items: list[key],
  }));
}
