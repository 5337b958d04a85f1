import { z } from 'zod';
import { idSchema } from '../common/schema.ts';
import type { SettlementRow, SettlementStatus } from '../../db/tables.ts';

/**
 * Money reaching the outlet (docs/payments.md "Money reaches the outlet", docs/business.md
 * "Settlement"): Route transfers, daily statements, the monthly PDF statement with its tax invoice,
 * and the platform's own payouts recorded in the back office.
 */

/** Transfers stay on hold until the refund window of their payment ends (24 h after the capture). */
export const REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How far back the statement job looks for days without a statement, and refreshes open ones. */
export const STATEMENT_LOOKBACK_DAYS = 45;

export const SETTLEMENT_MESSAGES = {
  badMonth: 'Pick a month as YYYY-MM',
  futureMonth: 'That month has not started yet',
  badUtr: 'Enter the UTR of the bank transfer: 12 to 22 letters and digits',
  notFound: 'Statement not found',
  alreadySettled: 'This statement is already settled',
  nothingOwed: 'Nothing is owed by the platform on this statement: its money goes through Route transfers',
  windowOpen: 'The refund window of this day’s last payment ends at {time}; record the payout after that',
  badAccount: 'A Razorpay linked account id looks like acc_ followed by 14 letters and digits',
} as const;

/** `YYYY-MM`, a calendar month in IST. */
export const monthSchema = z
  .string({ error: SETTLEMENT_MESSAGES.badMonth })
  .trim()
  .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, SETTLEMENT_MESSAGES.badMonth);

/** The monthly statement PDF (business: the outlet's owners and the sub-accounts granted it). */
export const statementPdfInputSchema = z.object({
  outletId: idSchema,
  month: monthSchema,
});
export type StatementPdfInput = z.input<typeof statementPdfInputSchema>;

/** A UTR as banks print it (NEFT 16, IMPS 12, RTGS 22 characters), upper-cased. */
export const utrSchema = z
  .string({ error: SETTLEMENT_MESSAGES.badUtr })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{12,22}$/, SETTLEMENT_MESSAGES.badUtr);

/** Razorpay linked account ids: `acc_` + 14 characters. */
export const routeAccountIdSchema = z
  .string({ error: SETTLEMENT_MESSAGES.badAccount })
  .trim()
  .regex(/^acc_[A-Za-z0-9]{14}$/, SETTLEMENT_MESSAGES.badAccount);

export const ROUTE_ACCOUNT_STATUSES = ['created', 'under_review', 'needs_clarification', 'activated', 'suspended'] as const;

/** `open`: a day with payments whose statement the nightly job has not made yet (today, usually). */
export type StatementStatus = SettlementStatus | 'open';

/**
 * One row of the owner's settlement report: a day (statements before daily ones may span a week). Its
 * figures are the `settlements` row's (db/tables.ts says what each is); an open day has them from its orders.
 */
export interface SettlementStatement
  extends Pick<
    SettlementRow,
    | 'periodStart'
    | 'periodEnd'
    | 'ordersCount'
    | 'grossPaise'
    | 'discountPaise'
    | 'feePaise'
    | 'feeGstPaise'
    | 'netPaise'
    | 'refundPaise'
    | 'payoutPaise'
    | 'routedPaise'
    | 'utr'
    | 'onHoldAt'
    | 'settledAt'
  > {
  /** The statement's id; null for an open day. */
  id: number | null;
  status: StatementStatus;
}

/** A statement's money, as its orders say it (statements.ts `figuresOf`, the open days, the PDF's sums). */
export type StatementMoney = Pick<
  SettlementStatement,
  'ordersCount' | 'grossPaise' | 'discountPaise' | 'feePaise' | 'feeGstPaise' | 'netPaise' | 'refundPaise' | 'payoutPaise' | 'routedPaise'
>;

/** A file for the browser to save (PDF as base64 over tRPC; REST sends the bytes). */
export interface PdfFile {
  filename: string;
  contentType: 'application/pdf';
  base64: string;
}
