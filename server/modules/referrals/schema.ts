/** Refer and earn (docs/referrals.md). */

/** Golden Keys per completed referral: the referrer's bonus and the new shopper's welcome. */
export const REFERRAL_REWARDS = {
  referrerKeys: 2,
  welcomeKeys: 1,
} as const;

export type GoldenKeyReason = 'referral_bonus' | 'referral_welcome' | 'shuffle_purchase' | 'refund_return' | 'adjustment';

export interface GoldenKeyEntry {
  id: number;
  delta: number;
  reason: GoldenKeyReason;
  note: string | null;
  createdAt: Date;
}

export interface MyReferrals {
  /** The shopper's code, `ME…`. */
  code: string;
  /** Path of the share link: `/signup?referal=<code>` (the spec's spelling of the parameter). */
  sharePath: string;
  /** How many shoppers signed up with this code. */
  referredCount: number;
  /** Golden Key balance (sum of the ledger). */
  goldKeys: number;
  /** The latest ledger rows, newest first. */
  recent: GoldenKeyEntry[];
}

export function referralSharePath(code: string): string {
  return `/signup?referal=${encodeURIComponent(code)}`;
}
