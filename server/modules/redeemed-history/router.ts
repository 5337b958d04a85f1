import { router, userProcedure } from '../../trpc/trpc.ts';
import { listRedeemedHistoryInputSchema, redemptionIdInputSchema } from './schema.ts';
import { getRedemption, listRedeemedHistory } from './service.ts';

export const redeemedHistoryRouter = router({
  /** The shopper's paid bills, newest first. */
  list: userProcedure
    .input(listRedeemedHistoryInputSchema)
    .query(({ ctx, input }) => listRedeemedHistory(ctx.principal.consumerId, input)),
  byId: userProcedure.input(redemptionIdInputSchema).query(({ ctx, input }) => getRedemption(ctx.principal.consumerId, input.id)),
});
