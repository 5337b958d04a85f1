import { router, userProcedure } from '../../trpc/trpc.ts';
import { searchHistoryInputSchema } from './schema.ts';
import { listSearchHistory } from './service.ts';

export const searchHistoryRouter = router({
  list: userProcedure
    .input(searchHistoryInputSchema)
    .query(({ input, ctx }) => listSearchHistory(ctx.principal.consumerId, input)),
});
