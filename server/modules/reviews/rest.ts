import type Router from '@koa/router';
import type { Principal } from '../sessions/service.ts';
import { checkedInputOf, consumerOf } from '../../rest/guards.ts';
import { parseWith } from '../../rest/validate.ts';
import { createReviewSchema, eligibleInputSchema, outletReviewsInputSchema, ownerReviewsInputSchema, replyInputSchema, reportReviewSchema, type Review, type ReviewSummary } from './schema.ts';
import { createReview, listOutletReviews, listReviewableReceipts, listReviewsForOwner, replyToReview, reportReview } from './service.ts';

const summaryWire = (s: ReviewSummary) => ({ AVERAGE: s.average, COUNT: s.count, HISTOGRAM: s.histogram });

function reviewWire(r: Review & { status?: string; reportCount?: number }) {
  return {
    REVIEW_ID: r.id,
    OUTLET_ID: r.outletId,
    RATING: r.rating,
    BODY: r.body,
    AUTHOR: r.author,
    PAID_HERE: true,
    PAID_ON: r.paidOn,
    CREATED_AT: r.createdAt.toISOString(),
    OWNER_REPLY: r.ownerReply ? { TEXT: r.ownerReply.text, REPLIED_AT: r.ownerReply.repliedAt.toISOString() } : null,
    IS_MINE: r.isMine,
    REPORTED_BY_ME: r.reportedByMe,
    ...(r.status === undefined ? {} : { STATUS: r.status, REPORT_COUNT: r.reportCount }),
  };
}

/** Verified reviews over REST (docs/discovery.md "Reviews"). */
export function reviewsRest({ api }: { api: Router; admin: Router }): void {
  api.get('/outlet/:id/reviews', async (ctx) => {
    const principal = ctx.state.principal as Principal | null | undefined;
    const input = parseWith(outletReviewsInputSchema, { ...ctx.query, outletId: ctx.params.id });
    const list = await listOutletReviews(input, principal?.kind === 'consumer' ? principal.consumerId : undefined);
    ctx.body = { summary: summaryWire(list.summary), reviews: list.items.map(reviewWire), totalCount: list.totalCount, offSet: list.offSet, limit: list.limit };
  });

  api.get('/user/reviews/eligible', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const { outletId } = parseWith(eligibleInputSchema, ctx.query);
    const receipts = await listReviewableReceipts(consumerId, outletId);
    ctx.body = {
      receipts: receipts.map((r) => ({
        ORDER_ID: r.orderId,
        RECEIPT_CODE: r.receiptCode,
        PAID_AT: r.paidAt.toISOString(),
        AMOUNT_PAISE: r.amountPaise,
        REVIEWABLE_UNTIL: r.reviewableUntil.toISOString(),
      })),
    };
  });

  api.post('/user/reviews', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const review = await createReview(consumerId, parseWith(createReviewSchema, ctx.request.body ?? {}));
    ctx.status = 201;
    ctx.body = { review: reviewWire(review) };
  });

  api.post('/user/reviews/:id/report', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    ctx.body = await reportReview(consumerId, parseWith(reportReviewSchema, { ...body, reviewId: ctx.params.id }));
  });

  api.get('/business/reviews', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx);
    const list = await listReviewsForOwner(ownerId, parseWith(ownerReviewsInputSchema, raw));
    ctx.body = { summary: summaryWire(list.summary), reviews: list.items.map(reviewWire), totalCount: list.totalCount, offSet: list.offSet, limit: list.limit };
  });

  api.post('/business/reviews/:id/reply', async (ctx) => {
    const { ownerId, raw } = await checkedInputOf(ctx, { reviewId: ctx.params.id });
    ctx.body = { review: reviewWire(await replyToReview(ownerId, parseWith(replyInputSchema, raw))) };
  });
}
