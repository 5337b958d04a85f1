import { z } from 'zod';

/** The shopper's paid bills, newest first (`GET /api/user/redeemed-history`). */

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

export interface RedemptionView {
  id: number;
  orderId: string;
  outletId: number;
  outletName: string;
  outletLocality: string;
  billPaise: number;
  amountPaise: number;
  savedPaise: number;
  instantDiscountPercent: number;
  instantDiscountPaise: number;
  shuffleDiscountPercent: number;
  shuffleDiscountPaise: number;
  convenienceFeePaise: number;
  gstPaise: number;
  couponCode: string | null;
  receiptCode: string | null;
  verificationCode: string | null;
  redeemedAt: Date;
}

export interface RedemptionPage {
  items: RedemptionView[];
  total: number;
  offSet: number;
  limit: number;
}
