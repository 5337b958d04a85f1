import { router, userProcedure } from '../../trpc/trpc.ts';
import { listRedeemedHistoryInputSchema, redemptionIdInputSchema } from './schema.ts';
import { getRedemption, listRedeemedHistory, redemptionReceiptPdf } from './service.ts';

export const redeemedHistoryRouter = router({
  /** The shopper's paid bills, newest first. */
  list: userProcedure
    .input(listRedeemedHistoryInputSchema)
    .query(({ ctx, input }) => listRedeemedHistory(ctx.principal.consumerId, input)),
  byId: userProcedure.input(redemptionIdInputSchema).query(({ ctx, input }) => getRedemption(ctx.principal.consumerId, input.id)),
  /** The paid bill's receipt as a PDF, base64 (REST: `/api/user/redeemed-history/:id/receipt.pdf`). */
  receiptPdf: userProcedure.input(redemptionIdInputSchema).query(async ({ ctx, input }) => {
    const { filename, contentType, bytes } = await redemptionReceiptPdf(ctx.principal.consumerId, input.id, ctx.requestedLanguage);
    return { filename, contentType, base64: bytes.toString('base64') };
  }),
});
