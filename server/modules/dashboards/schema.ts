import { z } from 'zod';
import type { OutletDailyStatsRow } from '../../db/tables.ts';
import { idSchema } from '../common/schema.ts';
import { dateSchema } from '../promotions/schema.ts';

/**
 * The owner's dashboards (SPEC §7 Dashboard, §9): coupons, live ads, revenue by day, settlement
 * statements with CSV. 20 rows a page; totalPages = ceil(count / 20), at least 1. Everything reads the
 * ledger the payments write (`outlet_daily_stats`, `settlements`) and per-outlet counters, never a
 * count over millions of rows (docs/business.md, "Dashboards").
 */

export const DASHBOARD_PAGE_SIZE = 20;
export const DASHBOARD_MESSAGES = {
  coupons: 'An error occurred while fetching coupons',
  revenue: 'An error occurred while fetching revenue',
  liveAds: 'An error occurred while fetching live ads',
} as const;

export const totalPagesOf = (count: number, pageSize = DASHBOARD_PAGE_SIZE) => Math.max(1, Math.ceil(count / pageSize));

const blankAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Query `offSet` (1-based page; 0 counts as the first), `limit`; payload `outletId` (SPEC §7). */
export const dashboardPageSchema = z.object({
  outletId: idSchema,
  offSet: z.preprocess(blankAsUndefined, z.coerce.number().int('offSet must be a whole number').min(0, 'offSet cannot be negative').max(1_000_000).default(1)),
  limit: z.preprocess(blankAsUndefined, z.coerce.number().int().min(1).max(100).default(DASHBOARD_PAGE_SIZE)),
});
export type DashboardPageInput = z.infer<typeof dashboardPageSchema>;

export const revenueInputSchema = dashboardPageSchema.extend({
  from: z.preprocess(blankAsUndefined, dateSchema.optional()),
  to: z.preprocess(blankAsUndefined, dateSchema.optional()),
});
export type RevenueInput = z.infer<typeof revenueInputSchema>;

export const settlementCsvSchema = z.object({
  outletId: idSchema,
  from: z.preprocess(blankAsUndefined, dateSchema.optional()),
  to: z.preprocess(blankAsUndefined, dateSchema.optional()),
});
export type SettlementCsvInput = z.infer<typeof settlementCsvSchema>;

export interface Page<T> {
  data: T[];
  offSet: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface DashboardCoupon {
  id: number;
  code: string;
  consumerId: number;
  discountPercent: number;
  isLive: boolean;
  redeemed: boolean;
  issuedOn: string;
  validUntil: Date;
  redeemedAt: Date | null;
  createdAt: Date;
}

export interface CouponSummary {
  /** Coupons ever issued at the outlet (the maintained counter). */
  issued: number;
  /** Coupons redeemed in paid bills (sum of the daily stats). */
  redeemed: number;
}

/**
 * A day's figures (IST), by orders/money.ts. Net of owner refunds: a refund counts on the day of the bill
 * it returns, as `refundPaise` (the goods part returned), with the platform fee, its GST and the
 * outlet's share it reverses taken off `feePaise`, `feeGstPaise`, `netPaise` and `payoutPaise`.
 * `netPaise` = bill − discount − fee − refunds (kept as it was); `payoutPaise` = that − GST on the fee:
 * what the outlet is paid ("Net to you"), equal to the day's settlement payout to the paisa.
 */
export type RevenueDay = Omit<OutletDailyStatsRow, 'outletId' | 'updatedAt'>;

/** A range's totals: the days' figures summed. */
export type RevenueTotals = Omit<RevenueDay, 'day' | 'couponsCount'>;

export type LiveAdStatus = 'live' | 'scheduled' | 'off';

export interface LiveAdRow {
  advId: number;
  adType: 'R' | 'D' | 'E' | 'Highlight';
  title: string;
  discountPercent: number | null;
  status: LiveAdStatus;
  /** The running or next slot ('HH:MM'), with its date. */
  slotDate: string | null;
  startTime: string | null;
  endTime: string | null;
  imageUrl: string | null;
}

/** A row of the settlement report (settlements/schema.ts): a daily statement, or a day not yet in one. */
export type { SettlementStatement, StatementStatus as SettlementStatus } from '../settlements/schema.ts';
export { statementPdfInputSchema } from '../settlements/schema.ts';
