import { outletProcedure, publicProcedure, router, userProcedure } from '../../trpc/trpc.ts';
import { createReviewSchema, eligibleInputSchema, outletReviewsInputSchema, ownerReviewsInputSchema, replyInputSchema, reportReviewSchema } from './schema.ts';
import { createReview, listOutletReviews, listReviewableReceipts, listReviewsForOwner, replyToReview, reportReview } from './service.ts';

export const reviewsRouter = router({
  /** The outlet page: summary and newest reviews (anyone; a signed-in shopper also sees which are theirs). */
  list: publicProcedure
    .input(outletReviewsInputSchema)
    .query(({ ctx, input }) => listOutletReviews(input, ctx.principal?.kind === 'consumer' ? ctx.principal.consumerId : undefined)),
  /** The shopper's receipts at the outlet that can still be reviewed. */
  eligible: userProcedure.input(eligibleInputSchema).query(({ ctx, input }) => listReviewableReceipts(ctx.principal.consumerId, input.outletId)),
  create: userProcedure.input(createReviewSchema).mutation(({ ctx, input }) => createReview(ctx.principal.consumerId, input)),
  report: userProcedure.input(reportReviewSchema).mutation(({ ctx, input }) => reportReview(ctx.principal.consumerId, input)),
  /** The owner's reviews page (dashboard/reviews). */
  forOutlet: outletProcedure.input(ownerReviewsInputSchema).query(({ ctx, input }) => listReviewsForOwner(ctx.principal.businessOwnerId, input)),
  reply: outletProcedure.input(replyInputSchema).mutation(({ ctx, input }) => replyToReview(ctx.principal.businessOwnerId, input)),
});
