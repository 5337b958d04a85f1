import { z } from 'zod';
import { idSchema } from '../common/schema.ts';
import { limitSchema, offSetSchema } from '../outlets/schema.ts';

/**
 * Verified reviews (issue 16, docs/discovery.md "Reviews"): only a shopper holding a paid receipt at
 * the outlet may rate it 1–5 with a few words, once per receipt, within 30 days of paying; the owner
 * replies once; shoppers report abuse; sales moderate in the back office (the `reviews` resource).
 */

export const REVIEW_WINDOW_DAYS = 30;
export const REVIEW_BODY_MAX = 1000;
export const REPLY_MAX = 1000;
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_MESSAGES = {
  noReceipt: 'Only a shopper who paid here through Bachat can review this outlet.',
  windowOver: `Reviews can be written within ${REVIEW_WINDOW_DAYS} days of paying.`,
  alreadyReviewed: 'You have already reviewed this visit.',
  refunded: 'This bill was refunded in full, so it cannot be reviewed.',
  notFound: 'Review not found',
  alreadyReplied: 'You have already replied to this review.',
  ownReview: 'You cannot report your own review.',
} as const;

export const REPORT_REASONS = ['spam', 'abusive', 'fake', 'personal', 'other'] as const;
export const reportReasonSchema = z.enum(REPORT_REASONS, { error: 'Choose why you are reporting it' });
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const ratingSchema = z.coerce
  .number({ error: 'Rate your visit from 1 to 5 stars' })
  .int('Rate your visit from 1 to 5 stars')
  .min(1, 'Rate your visit from 1 to 5 stars')
  .max(5, 'Rate your visit from 1 to 5 stars');

export const reviewBodySchema = z
  .string({ error: 'Write a few words about your visit' })
  .trim()
  .min(1, 'Write a few words about your visit')
  .max(REVIEW_BODY_MAX, `A review can be at most ${REVIEW_BODY_MAX} characters`);

export const createReviewSchema = z.object({
  /** The paid receipt (order id) the review is for. */
  orderId: z.uuid({ error: 'orderId must be an order id' }),
  rating: ratingSchema,
  body: reviewBodySchema,
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;

export const outletReviewsInputSchema = z.object({
  outletId: idSchema,
  offSet: offSetSchema,
  limit: limitSchema(REVIEWS_PAGE_SIZE),
});
export type OutletReviewsInput = z.infer<typeof outletReviewsInputSchema>;

export const eligibleInputSchema = z.object({ outletId: idSchema });

export const reportReviewSchema = z.object({
  reviewId: idSchema,
  reason: reportReasonSchema,
  note: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(500, 'A note can be at most 500 characters').optional()),
});
export type ReportReviewInput = z.infer<typeof reportReviewSchema>;

export const replyInputSchema = z.object({
  outletId: idSchema,
  reviewId: idSchema,
  reply: z
    .string({ error: 'Write your reply' })
    .trim()
    .min(1, 'Write your reply')
    .max(REPLY_MAX, `A reply can be at most ${REPLY_MAX} characters`),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

export const ownerReviewsInputSchema = z.object({
  outletId: idSchema,
  offSet: offSetSchema,
  limit: limitSchema(REVIEWS_PAGE_SIZE),
  /** Only reviews still waiting for a reply. */
  unanswered: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});
export type OwnerReviewsInput = z.infer<typeof ownerReviewsInputSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  outletId: z.number().int(),
  rating: z.number().int(),
  body: z.string(),
  /** "Asha R.", or "A Bachat shopper" when the account is gone. */
  author: z.string(),
  /** Every review is by a shopper who paid here: the IST day of that payment. */
  paidOn: z.string(),
  createdAt: z.date(),
  ownerReply: z.object({ text: z.string(), repliedAt: z.date() }).nullable(),
  /** The viewer wrote it (signed-in shoppers). */
  isMine: z.boolean(),
  /** The viewer reported it. */
  reportedByMe: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewSummarySchema = z.object({
  /** Mean rating to one decimal; null without reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
  histogram: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const outletReviewsSchema = z.object({
  summary: reviewSummarySchema,
  items: z.array(reviewSchema),
  totalCount: z.number().int(),
  offSet: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type OutletReviews = z.infer<typeof outletReviewsSchema>;

export const reviewableReceiptSchema = z.object({
  orderId: z.string(),
  receiptCode: z.string().nullable(),
  paidAt: z.date(),
  amountPaise: z.number().int(),
  /** The last moment it can be reviewed. */
  reviewableUntil: z.date(),
});
export type ReviewableReceipt = z.infer<typeof reviewableReceiptSchema>;

export const ownerReviewSchema = reviewSchema.extend({ status: z.enum(['published', 'hidden']), reportCount: z.number().int() });
export type OwnerReview = z.infer<typeof ownerReviewSchema>;
