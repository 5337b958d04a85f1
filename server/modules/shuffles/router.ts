import { router, userProcedure } from '../../trpc/trpc.ts';
import { dealShuffleInputSchema, saveShuffleInputSchema } from './schema.ts';
import { dealShuffle, saveShuffle } from './service.ts';

export const shufflesRouter = router({
  /** The outlet's range and the face-down cards, before the pick. */
  deal: userProcedure.input(dealShuffleInputSchema).query(({ ctx, input }) => dealShuffle(ctx.principal.consumerId, input)),
  /** Pick a card: the server draws its value and keeps it as a coupon. */
  save: userProcedure.input(saveShuffleInputSchema).mutation(({ ctx, input }) => saveShuffle(ctx.principal.consumerId, input)),
});
