/**
 * Coupons (SPEC §3, §4): Shuffle coupons a shopper keeps. Active = live, not redeemed, percent set,
 * and still valid now; expired = the rest that were never redeemed. Redeemed coupons are listed apart
 * (they show in the redeemed history). REST sends IS_LIVE / REDEEMED as "true" / "false" strings.
 */

export interface CouponView {
  id: number;
  code: string;
  outletId: number;
  outletName: string;
  discountPercent: number;
  isLive: boolean;
  redeemed: boolean;
  usedGoldenKey: boolean;
  validUntil: Date;
  redeemedAt: Date | null;
  createdAt: Date;
}

export interface CouponList {
  active: CouponView[];
  expired: CouponView[];
  redeemed: CouponView[];
  counts: { active: number; expired: number; redeemed: number; total: number };
}

export const COUPON_MESSAGES = {
  notFound: 'Coupon not found',
  notUsable: 'This coupon has expired or was already used.',
  otherOutlet: 'This coupon is for another outlet.',
  alreadyRedeemed: 'This coupon was already used.',
} as const;
