import { publicProcedure, router } from '../../trpc/trpc.ts';
import { locationSearchInputSchema } from './schema.ts';
import { searchLocations } from './service.ts';

export const locationsRouter = router({
  /** Public; a signed-in shopper's choice is recorded when `recentSearch` is set. */
  search: publicProcedure
    .input(locationSearchInputSchema)
    .query(({ input, ctx }) => searchLocations(input, ctx.principal?.kind === 'consumer' ? ctx.principal.consumerId : null)),
});
