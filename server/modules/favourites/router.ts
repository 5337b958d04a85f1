import { router, userProcedure } from '../../trpc/trpc.ts';
import { favouriteInputSchema, favouritesListInputSchema } from './schema.ts';
import { addFavourite, listFavouriteIds, listFavourites, removeFavourite } from './service.ts';

export const favouritesRouter = router({
  list: userProcedure.input(favouritesListInputSchema).query(({ ctx, input }) => listFavourites(ctx.principal.consumerId, input)),
  /** The ids only, for the hearts on cards. */
  ids: userProcedure.query(({ ctx }) => listFavouriteIds(ctx.principal.consumerId)),
  add: userProcedure.input(favouriteInputSchema).mutation(({ ctx, input }) => addFavourite(ctx.principal.consumerId, input.outletId)),
  remove: userProcedure.input(favouriteInputSchema).mutation(({ ctx, input }) => removeFavourite(ctx.principal.consumerId, input.outletId)),
});
