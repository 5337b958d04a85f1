import { z } from 'zod';
import type { OrderMoneyFields, OrderRow } from '../../db/tables.ts';
import type { RefundView } from '../payments/schema.ts';

/**
 * The shopper's paid bills, newest first (`GET /api/user/redeemed-history`), and the payments we took
 * but could not accept and refunded (docs/payments.md, "Refunds"), so every rupee that moved shows here.
 */

export const REDEEMED_HISTORY_MESSAGES = { notFound: 'Redemption not found' } as const;

export const listRedeemedHistoryInputSchema = z
  .object({
    offSet: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .default({ offSet: 0, limit: 20 });
export type ListRedeemedHistoryInput = z.input<typeof listRedeemedHistoryInputSchema>;

export const redemptionIdInputSchema = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a number').positive('id must be a number'),
});

/** What a history entry shows of its order, as the order's row has it. */
export type RedemptionOrderFields = OrderMoneyFields & Pick<OrderRow, 'outletId' | 'receiptCode' | 'verificationCode'>;

/** One paid (or returned) bill: its order's figures, with what the history adds. */
export interface RedemptionView extends RedemptionOrderFields {
  /** The redemption's id (`/redeemed-history/{id}`); null for a refunded payment, which has none. */
  id: number | null;
  /** paid: a bill paid with Bachat; refunded: a payment we could not accept, returned to the shopper. */
  kind: 'paid' | 'refunded';
  orderId: string;
  outletName: string;
  outletLocality: string;
  savedPaise: number;
  couponCode: string | null;
  /** When the bill was paid (null for a refunded payment). */
  redeemedAt: Date | null;
  /** The entry's time: when it was paid, or when the refund was recorded. The list is newest first by it. */
  at: Date;
  /** Refunds of this order's money (oldest first); empty for most paid bills. */
  refunds: RefundView[];
}

export interface RedemptionPage {
  items: RedemptionView[];
  total: number;
  offSet: number;
  limit: number;
}
